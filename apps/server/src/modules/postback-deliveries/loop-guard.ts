import type { IncomingHttpHeaders } from 'node:http';

/**
 * Every postback delivery carries this portal's installation id in this header, and the tracking
 * endpoints (/c, /postback, /pixel) refuse a call that carries it: a postback that comes back to the
 * portal — under any name, through a CNAME, a load balancer or a proxy the address check cannot
 * see — records nothing. Another installation (a network chained behind this one) has another id
 * and is not refused.
 */
export const LOOP_HEADER = 'x-portal-instance';

export function isLoopedCall(headers: IncomingHttpHeaders, instanceId: string): boolean {
  const v = headers[LOOP_HEADER];
  if (v === undefined) return false;
  return (Array.isArray(v) ? v : [v]).some((h) => h.split(',').some((part) => part.trim() === instanceId));
}
