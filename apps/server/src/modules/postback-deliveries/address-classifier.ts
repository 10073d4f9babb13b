import net from 'node:net';
import ipaddr from 'ipaddr.js';

const NOT_PUBLIC_V6: [ipaddr.IPv6, number, string][] = [
  [ipaddr.IPv6.parse('::'), 96, 'ipv4Compatible'],
  [ipaddr.IPv6.parse('64:ff9b:1::'), 48, 'rfc8215'],
];

export interface AddressVerdict {
  ok: boolean;
  /** ipaddr.js range name ('unicast' for public addresses) or 'invalid'. */
  range: string;
}

/**
 * Whether an IP literal (as dialled, already normalised by the resolver or WHATWG URL) is a public
 * unicast address. Everything else is refused: private, loopback, link-local, CGNAT, metadata,
 * unique-local, multicast, reserved, and IPv6 forms that embed an IPv4 address (mapped,
 * IPv4-compatible `::/96`, NAT64, 6to4, Teredo), which are judged by what they embed or refused
 * outright.
 */
export function classifyAddress(address: string): AddressVerdict {
  const literal = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // net.isIP accepts only canonical dotted-quad IPv4 and real IPv6 (not `127.1` or `0x7f.1`).
  const family = net.isIP(literal);
  if (family === 0) return { ok: false, range: 'invalid' };
  const ip = ipaddr.parse(family === 6 && literal.includes('.') ? hexIpv6(literal) : literal);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return classifyAddress(v6.toIPv4Address().toString());
    const range = v6.range();
    if (range !== 'unicast') return { ok: false, range };
    // Ranges ipaddr.js calls unicast that are not public: IPv4-compatible addresses (::a.b.c.d,
    // deprecated; stacks map them to IPv4) and local-use NAT64 (RFC 8215).
    for (const [prefix, bits, name] of NOT_PUBLIC_V6) if (v6.match(prefix, bits)) return { ok: false, range: name };
    return { ok: true, range };
  }
  const range = (ip as ipaddr.IPv4).range();
  return { ok: range === 'unicast', range };
}

/** A host name without the trailing dot(s) of its absolute form (`localhost.` is `localhost`). */
export const withoutTrailingDot = (host: string) => host.replace(/\.+$/, '');

/** One spelling per IP literal (brackets, zone and the IPv4-mapped form removed); null for a name. */
export function canonicalAddress(address: string): string | null {
  const literal = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(literal);
  if (!family) return null;
  return ipaddr.process(family === 6 && literal.includes('.') ? hexIpv6(literal) : literal).toString();
}

/**
 * IPv6 with a dotted tail in hex form, as WHATWG URL writes it: ipaddr.js reads `::1.2.3.4` (an
 * IPv4-compatible address) as the IPv4-mapped `::ffff:1.2.3.4`.
 */
const hexIpv6 = (literal: string) => new URL(`http://[${literal}]/`).hostname.replace(/^\[|\]$/g, '');
