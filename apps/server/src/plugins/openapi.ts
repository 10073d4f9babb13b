import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_ACCOUNT_RATE_LIMIT } from '@portal/shared';

/**
 * The calls a publisher API key may make (reports, totals, offers, invoices; postbacks with scope
 * read_write): a session token or a key, in either header. Everything else (password, two-factor,
 * profile, key management) takes a session only.
 */
export const SESSION_OR_API_KEY: { [scheme: string]: string[] }[] = [
  { bearer: [] },
  { apiKeyBearer: [] },
  { apiKeyHeader: [] },
];

const keyScheme = (perKey: number) =>
  'A publisher API key (Profile → API Keys): `ppk_` + an 8-character id + `_` + 43 characters. It acts as the ' +
  'publisher account that made it: scope `read` on the reports, totals, offers and invoices calls, scope `read_write` ' +
  'on the postbacks calls too (403 for a `read` key there; 401 elsewhere, after revocation or expiry, after "log out ' +
  'everywhere", a password reset or a two-factor change, or when the account is suspended). It expires (90 days by ' +
  'default, at most a year). Send it as `Authorization: Bearer ppk_…` or ' +
  '`X-Api-Key: ppk_…`, never beside a session token (401). At most ' +
  `${perKey} requests per key and ${API_KEY_ACCOUNT_RATE_LIMIT} per account a minute; past it 429 with ` +
  '`Retry-After` (seconds). Answers carry `X-RateLimit-Limit` and `X-RateLimit-Remaining` of the key.';

/** OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/docs/json, a page at /api/docs. */
export async function registerOpenApi(app: FastifyInstance, opts: { apiKeyRateLimit: number }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Publisher portal API',
        version: '1.0.0',
        description:
          'Publisher API v1. JSON in and out; errors answer {error: {code, message}, errors?: {field: {code, message}}}.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A session token from `POST /api/v1/user/authenticate` (`data.jwt`).',
          },
          apiKeyBearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ppk_ API key',
            description: keyScheme(opts.apiKeyRateLimit),
          },
          operatorBearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'An operator token from `POST /api/admin/v1/auth/login` (`data.jwt`): the operator API (tag `admin`) ' +
              'only. Publisher tokens and API keys answer 401 there, and operator tokens 401 on the publisher API.',
          },
          apiKeyHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: keyScheme(opts.apiKeyRateLimit),
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
