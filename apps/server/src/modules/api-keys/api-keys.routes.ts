import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEY_ACCOUNT_RATE_LIMIT,
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_MAX_EXPIRY_DAYS,
  API_KEYS_PER_PUBLISHER,
  API_PATHS,
  apiKeyCreateRequestSchema,
  apiKeyCreateResponseSchema,
  apiKeyListRequestSchema,
  apiKeyListResponseSchema,
  apiKeyRevokeRequestSchema,
  apiKeyRevokeResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { apiKeysService } from './api-keys.service.ts';

/**
 * Profile → API Keys: list, create, revoke. A session only: a key cannot make or revoke keys (the
 * session scope of plugins/publisher-api.ts refuses one 401).
 */
export const apiKeysRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['api keys'] };
    const usage =
      'A key authenticates as `Authorization: Bearer ppk_…` or `X-Api-Key: ppk_…`: scope `read` the reports, totals, ' +
      'offers and invoices calls, scope `read_write` the postbacks calls too (a `read` key there answers 403), at most ' +
      `${ctx.config.API_KEY_RATE_LIMIT} requests per key and ${API_KEY_ACCOUNT_RATE_LIMIT} per account a minute.`;

    app.post(
      API_PATHS.apiKeyList,
      {
        schema: {
          ...base,
          summary: "The publisher account's API keys (revoked ones left out), newest first",
          body: apiKeyListRequestSchema,
          response: { 200: apiKeyListResponseSchema },
        },
      },
      async (req) => ({ data: await apiKeysService.list(ctx, publisherOf(req).publisherId) }),
    );

    app.post(
      API_PATHS.apiKeyCreate,
      {
        schema: {
          ...base,
          summary: 'Create an API key (the key itself is in this answer only)',
          description:
            `${usage} Needs the current \`password\` and, with two-factor authentication on, a \`code\` in the same request; ` +
            'a view-as-publisher session is refused (403). The account’s e-mail gets a notice. ' +
            `Scope \`read\` unless asked; expires in ${API_KEY_DEFAULT_EXPIRY_DAYS} days unless \`expires_at\` says ` +
            `otherwise, at most ${API_KEY_MAX_EXPIRY_DAYS} days ahead. "Log out everywhere", a password reset and turning ` +
            'two-factor authentication on or off revoke every key of the user; a password change keeps them. ' +
            `Only the key's SHA-256 is stored. At most ${API_KEYS_PER_PUBLISHER} usable keys per account (422 past it). ` +
            'Field errors: name 0x4011 (empty) or 0x4010 (over 64 characters); expires_at 0x4010 (not ISO 8601) or ' +
            '0x4011 (not in the future, or over a year ahead); password 0x4001 (missing) or 0x4011 (wrong); ' +
            'code 0x4001 (missing) or 0x4011 (wrong).',
          body: apiKeyCreateRequestSchema,
          response: { 200: apiKeyCreateResponseSchema },
        },
      },
      async (req) => ({ data: await apiKeysService.create(ctx, publisherOf(req), req.body, req.ip) }),
    );

    app.post(
      API_PATHS.apiKeyRevoke,
      {
        schema: {
          ...base,
          summary: 'Revoke an API key: the next request with it answers 401',
          description: 'Another account’s key, or one already revoked, answers 404.',
          body: apiKeyRevokeRequestSchema,
          response: { 200: apiKeyRevokeResponseSchema },
        },
      },
      async (req) => ({ data: await apiKeysService.revoke(ctx, publisherOf(req).publisherId, req.body.id) }),
    );
  };
