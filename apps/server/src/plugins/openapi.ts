import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_ACCOUNT_RATE_LIMIT } from '@portal/shared';
import { ERROR_DESCRIPTIONS, errorStatuses, operationIdOf, SUMMARIES, TAGS } from './openapi-operations.ts';
import { securityOf, type SecurityRequirement } from './openapi-security.ts';
import { TRACKING_OPERATIONS } from './openapi-tracking.ts';

const keyScheme = (perKey: number) =>
  'A publisher API key (Profile → API Keys): `ppk_` + an 8-character id + `_` + 43 characters. It acts as the ' +
  'publisher account that made it: scope `read` on the reports, totals, offers and invoices calls, scope `read_write` ' +
  'on the postbacks calls too (403 for a `read` key there; 401 elsewhere, after revocation or expiry, after "log out ' +
  'everywhere", a password reset or a two-factor change, or when the account is suspended). It expires (90 days by ' +
  'default, at most a year). Send it as `Authorization: Bearer ppk_…` or ' +
  '`X-Api-Key: ppk_…`, never beside a session token (401). At most ' +
  `${perKey} requests per key and ${API_KEY_ACCOUNT_RATE_LIMIT} per account a minute; past it 429 with ` +
  '`Retry-After` (seconds). Answers carry `X-RateLimit-Limit` and `X-RateLimit-Remaining` of the key.';

/** The error body of every non-2xx answer (docs/api.md, "Errors"). */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'The error code, a hex string (docs/errors.md).', example: '0x4220' },
        message: { type: 'string' },
      },
    },
    errors: {
      type: 'object',
      description: 'Field errors by field name (dotted for nested fields), on 422 only.',
      additionalProperties: {
        type: 'object',
        required: ['code', 'message'],
        properties: { code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: SecurityRequirement[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, unknown>;
}

/**
 * Completes every operation of the document once, here, rather than route by route: its
 * operationId (from the path; several methods on one path get the method in front), its summary
 * (the route's, or SUMMARIES'), its tag (the route's, or the path's first word), and its error
 * answers with the error body (openapi-operations.ts). Fails at start when an operationId repeats.
 */
export function completeDocument(doc: {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: Record<string, unknown>;
}) {
  const seen = new Set<string>();
  for (const [url, item] of Object.entries(doc.paths ?? {})) {
    const methods = METHODS.filter((m) => item[m]);
    for (const method of methods) {
      const op = item[method]!;
      const base = operationIdOf(url);
      op.operationId ??= methods.length > 1 ? `${method}${base[0]!.toUpperCase()}${base.slice(1)}` : base;
      if (seen.has(op.operationId)) throw new Error(`OpenAPI: operationId ${op.operationId} repeats (${url})`);
      seen.add(op.operationId);
      op.summary ??= SUMMARIES[op.operationId];
      op.tags ??= [
        url
          .replace(/^\/api\//, '')
          .split('/')
          .find((s) => s && !/^v\d+$/.test(s)) ?? 'api',
      ];
      op.security ??= [];
      // The tracking endpoints declare every answer themselves (openapi-tracking.ts).
      const tracking = TRACKING_OPERATIONS[op.operationId];
      if (tracking) {
        Object.assign(op, tracking);
        continue;
      }
      const body = op.requestBody?.content?.['application/json']?.schema as
        { required?: string[]; properties?: Record<string, unknown> } | undefined;
      const statuses = errorStatuses({
        operationId: op.operationId,
        body: op.requestBody ? (body ?? {}) : undefined,
        parameters: op.parameters ?? [],
        security: op.security,
      });
      op.responses ??= {};
      for (const status of statuses)
        op.responses[String(status)] ??= {
          description: ERROR_DESCRIPTIONS[status] ?? 'An error.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        };
    }
  }
  doc.components ??= {};
  doc.components['schemas'] = { ...(doc.components['schemas'] as object | undefined), Error: ERROR_SCHEMA };
  return doc;
}

/**
 * OpenAPI 3.1 generated from the routes' zod schemas: JSON at /api/docs/json, a page at /api/docs.
 * A route's security comes from the scope that authenticates it (plugins/publisher-api.ts marks
 * what each scope's hook admits); a route of no such scope says its own, or is public.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { apiKeyRateLimit: number; publicUrl: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Publisher portal API',
        version: '1.0.0',
        description:
          'Publisher API v1. JSON in and out; errors answer {error: {code, message}, errors?: {field: {code, message}}}. ' +
          'The tracking endpoints (tag `tracking`) are not under /api: they live at the tracking address.',
      },
      servers: [{ url: opts.publicUrl, description: 'This portal' }],
      tags: TAGS,
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
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const schema = out.schema as { security?: SecurityRequirement[] };
      return { ...out, schema: { ...schema, security: securityOf(input.route) ?? schema.security ?? [] } };
    },
    transformObject: (documentObject) =>
      completeDocument(
        ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Parameters<
          typeof completeDocument
        >[0],
      ) as never,
  });
  // No policy of its own: the page keeps every answer's (plugins/security.ts), which the page needs
  // nothing beyond (its scripts and styles are files of the portal; docs/security.md, Page policy).
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
