import net from 'node:net';

/**
 * The part of a client's address that a per-address throttle counts: an IPv4 address as it is
 * (an IPv4-mapped IPv6 one as its IPv4 form), an IPv6 address by its /64 prefix. One subscriber
 * or server usually holds a whole /64, so counting single IPv6 addresses would hand anyone with a
 * /64 (a cheap VPS has one) 2^64 fresh budgets.
 */
export function throttleAddress(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(bare)) return bare;
  return `${expandIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as lowercase hex without leading zeros. */
function expandIpv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part (`::1.2.3.4`) is two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => parseInt(g || '0', 16).toString(16));
}
