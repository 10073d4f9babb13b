import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { API_BASE, ERROR_CODES } from '@portal/shared';
import type { Config } from '../config.ts';
import { pagePolicy } from './security.ts';
import { pagePreloads } from './web-preload.ts';

function findWebDist(config: Config): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    config.WEB_DIST_DIR,
    path.resolve(here, '../../../web/dist'), // running from source: apps/server/src/plugins
    path.resolve(here, '../../web/dist'), // running the bundle: apps/server/dist
  ].filter((p): p is string => Boolean(p));
  return candidates.find((p) => fs.existsSync(path.join(p, 'index.html'))) ?? null;
}

/**
 * Serves the built web app with the SPA fallback: any GET that is not an API or tracking path and
 * asks for HTML gets index.html, and the client router takes it from there.
 */
export async function registerWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const root = findWebDist(config);
  if (!root) app.log.warn('web app not built (apps/web/dist missing): serving the API only');
  const indexHtml = root ? fs.readFileSync(path.join(root, 'index.html'), 'utf8') : null;
  const preloads = root ? pagePreloads(root) : () => '';
  if (root)
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies beside each asset (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith('/api/');
    if (indexHtml && request.method === 'GET' && !isApi && !path.extname(url)) {
      // One nonce per answer, for the styles libraries insert at run time (the web app reads it
      // from this meta element, lib/csp-nonce.ts); no other inline style is allowed.
      const nonce = crypto.randomBytes(16).toString('base64');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', pagePolicy(nonce))
        .send(
          indexHtml.replace(
            '</head>',
            // The page's own chunks load beside the entry, not after it (web-preload.ts).
            `${preloads(url)}    <meta property="csp-nonce" nonce="${nonce}" />\n  </head>`,
          ),
        );
    }
    return reply
      .status(404)
      .send({ error: { code: ERROR_CODES.NOT_FOUND, message: `Route ${request.method} ${url} not found.` } });
  });
}
