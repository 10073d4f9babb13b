import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cookie from '@fastify/cookie';
import { ERROR_CODES } from '@portal/shared';
import { API_BASE } from '@portal/shared';
import { ADMIN_API_BASE } from '@portal/shared/admin/admin-paths';
import { AppError } from '../lib/errors.ts';
import { timingSafeEqualText } from '../lib/tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The publisher API and the operator API: no-store answers, the XSRF check on state changes. */
const isApiPath = (url: string, base: string) => url.startsWith(`${base}/`) || url === base;
const TRACKING_PATH = /^\/(c|postback|pixel)(\/|\?|$)/;

/**
 * Security headers on every answer (docs/security.md): a CSP without inline script, no framing,
 * nosniff, and no-store on API answers. Plus the XSRF double-submit cookie of docs/api.md.
 */
export async function registerSecurity(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  await app.register(cookie);
  // HSTS only where the portal is served over https: a browser that saw it would refuse plain http.
  const headers = securityHeaders({ hsts: opts.publicUrl.startsWith('https:') });
  // One synchronous hook on every answer, click redirects included (docs/reliability.md A6): each hook
  // is a step of every request, and a click's budget is a few dozen microseconds.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id).headers(headers);
    const url = request.url;
    // Tracking requests (clicks, conversions, pixels) carry no portal session: nothing more to do.
    if (TRACKING_PATH.test(url)) return done();
    const isApi = isApiPath(url, API_BASE) || isApiPath(url, ADMIN_API_BASE);
    if (isApi) void reply.header('cache-control', 'no-store');
    const cookieValue = request.cookies[XSRF_COOKIE];
    if (!cookieValue) {
      void reply.setCookie(XSRF_COOKIE, crypto.randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    if (isApi && cookieValue && STATE_CHANGING.has(request.method)) {
      const header = request.headers[XSRF_HEADER];
      if (typeof header !== 'string' || !timingSafeEqualText(header, cookieValue)) {
        return done(
          new AppError(403, ERROR_CODES.FORBIDDEN, 'Missing or invalid XSRF token. Reload the page and try again.'),
        );
      }
    }
    done();
  });
}

/**
 * The page policy (docs/security.md): scripts, styles and images from the portal only (images
 * also as data: URLs, as the QR code and the icons are); no inline script or style. The web app's
 * page adds one nonce per answer for the styles a library inserts at run time (pagePolicy).
 */
const DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'self'"],
};

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');

/** The web app page's policy: every answer's, with this answer's style nonce. */
export function pagePolicy(nonce: string): string {
  return policy({ ...DIRECTIVES, 'style-src': ["'self'", `'nonce-${nonce}'`] });
}

/**
 * The headers helmet sets, computed once: they never vary by request, and building helmet per
 * request (as its Fastify wrapper does) cost a tenth of a click redirect's CPU.
 */
export function securityHeaders(opts: { hsts: boolean } = { hsts: false }): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  const middleware = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // A year, this host only: the operator's other hosts are not ours to pin.
    hsts: opts.hsts ? { maxAge: 365 * 24 * 3600, includeSubDomains: false } : false,
  });
  let failed: unknown = null;
  middleware({} as never, res as never, (err?: unknown) => void (failed = err ?? null));
  if (failed) throw failed;
  headers['content-security-policy'] = policy(DIRECTIVES);
  return headers;
}
