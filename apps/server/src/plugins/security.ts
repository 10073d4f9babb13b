import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import cookie from '@fastify/cookie';
import { ERROR_CODES } from '@portal/shared';
import { API_BASE } from '@portal/shared';
import { AppError } from '../lib/errors.ts';
import { timingSafeEqualText } from '../lib/tokens.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TRACKING_PATH = /^\/(c|postback|pixel)(\/|\?|$)/;

/**
 * Security headers on every answer (DESIGN.md §8): a CSP without inline script, no framing,
 * nosniff, and no-store on API answers. Plus the XSRF double-submit cookie of spec §7.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  const headers = securityHeaders();
  // On every answer, click redirects included (RELIABILITY.md A6).
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });

  app.addHook('onRequest', async (request, reply) => {
    const isApi = request.url.startsWith(`${API_BASE}/`) || request.url === API_BASE;
    if (isApi) void reply.header('cache-control', 'no-store');
    const cookieValue = request.cookies[XSRF_COOKIE];
    // Tracking requests (clicks, conversions, pixels) never need it: keep the hot path lean.
    if (!cookieValue && !TRACKING_PATH.test(request.url)) {
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
        throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Missing or invalid XSRF token. Reload the page and try again.');
      }
    }
  });
}

/**
 * The headers helmet sets, computed once: they never vary by request, and building helmet per
 * request (as its Fastify wrapper does) cost a tenth of a click redirect's CPU.
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  let failed: unknown = null;
  middleware({} as never, res as never, (err?: unknown) => void (failed = err ?? null));
  if (failed) throw failed;
  return headers;
}
