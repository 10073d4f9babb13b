import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_KEY_ACCOUNT_RATE_LIMIT,
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
import { publisherOf, requireAuth } from '../../plugins/auth.ts';
import { apiKeysService } from './api-keys.service.ts';

/**
 * Profile → API Keys: list, create, revoke. A session only: a key cannot make or revoke keys
 * (requireAuth without `apiKey` refuses one 401).
 */
export const apiKeysRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const onRequest = requireAuth(ctx);
    const base = { tags: ['api keys'], security: [{ bearer: [] }] };
    const usage =
      'A key authenticates the reports, totals, offers and postbacks calls as `Authorization: Bearer ppk_…` or ' +
      `\`X-Api-Key: ppk_…\`, at most ${ctx.config.API_KEY_RATE_LIMIT} requests per key and ${API_KEY_ACCOUNT_RATE_LIMIT} per account a minute.`;

    app.post(
      API_PATHS.apiKeyList,
      {
        onRequest,
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
        onRequest,
        schema: {
          ...base,
          summary: 'Create an API key (the key itself is in this answer only)',
          description:
            `${usage} Only the key's SHA-256 is stored. At most ${API_KEYS_PER_PUBLISHER} usable keys per account (422 past it). ` +
            'Field errors: name 0x4011 (empty) or 0x4010 (over 64 characters), expires_at 0x4010 (not ISO 8601) or 0x4011 (not in the future).',
          body: apiKeyCreateRequestSchema,
          response: { 200: apiKeyCreateResponseSchema },
        },
      },
      async (req) => {
        const { publisherId, userId } = publisherOf(req);
        return { data: await apiKeysService.create(ctx, { publisherId, userId }, req.body) };
      },
    );

    app.post(
      API_PATHS.apiKeyRevoke,
      {
        onRequest,
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
