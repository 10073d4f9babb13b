import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressVerdict {
  ok: boolean;
  /** ipaddr.js range name ('unicast' for public addresses) or 'invalid'. */
  range: string;
}

/**
 * Whether an IP literal (as dialled, already normalised by the resolver or WHATWG URL) is a public
 * unicast address. Everything else is refused: private, loopback, link-local, CGNAT, metadata,
 * unique-local, multicast, reserved, and IPv6 forms that embed an IPv4 address (mapped,
 * NAT64, 6to4, Teredo), which are judged by what they embed or refused outright.
 */
export function classifyAddress(address: string): AddressVerdict {
  const literal = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // net.isIP accepts only canonical dotted-quad IPv4 and real IPv6 (not `127.1` or `0x7f.1`).
  const family = net.isIP(literal);
  if (family === 0) return { ok: false, range: 'invalid' };
  const ip = ipaddr.parse(literal);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return classifyAddress(v6.toIPv4Address().toString());
    const range = v6.range();
    return { ok: range === 'unicast', range };
  }
  const range = (ip as ipaddr.IPv4).range();
  return { ok: range === 'unicast', range };
}
