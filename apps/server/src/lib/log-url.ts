import type { FastifyRequest } from 'fastify';

/** Paths with a secret in a segment (spec §2's reset link), and how the log writes them. */
const SECRET_PATHS: [RegExp, string][] = [[/^\/forgot-password\/[^/?#]+/, '/forgot-password/:token']];

/**
 * A request's address as the log writes it: no value that could be a secret. Where a route
 * matched, its pattern (`/c/:offerId/:publisherId`, `/postback`); otherwise (the web app's
 * screens, unknown paths) the path with secret segments replaced. Of the query, only the names
 * (`/postback?token&tid`): an advertiser's token, a pixel's signature or a login code never
 * reaches a log line.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string } }): string {
  const raw = request.url;
  const q = raw.indexOf('?');
  const path = q === -1 ? raw : raw.slice(0, q);
  const pattern = request.routeOptions?.url;
  let shown = pattern && pattern !== '*' ? pattern : SECRET_PATHS.reduce((p, [re, to]) => p.replace(re, to), path);
  if (q !== -1) {
    const names = new Set<string>();
    for (const part of raw.slice(q + 1).split('&')) {
      const name = part.split('=')[0];
      if (name) names.add(safeDecode(name));
    }
    if (names.size > 0) shown += `?${[...names].join('&')}`;
  }
  return shown;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** Fastify's request serializer with the address as above (the rest as Fastify writes it). */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}
