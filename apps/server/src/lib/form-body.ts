import type { FastifyInstance } from 'fastify';

/**
 * Accepts `application/x-www-form-urlencoded` bodies of at most 16 kB as a flat object, for the
 * advertiser-facing calls that take their parameters as a query string or a form (docs/tracking.md):
 * a repeated name keeps its last value, as the query string's parser does.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
