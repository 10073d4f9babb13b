import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, emptyRequestSchema, postbackSigningSecretResponseSchema } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { chargeQuota, QUOTA_MESSAGES, QUOTAS } from '../../lib/quotas.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { postbackSigning } from './postback-signing.service.ts';

const SCHEME =
  'Every server postback carries `Webhook-Id` (the delivery’s event id, the same for every retry and replay, also sent as ' +
  '`X-Postback-Event-Id`), `Webhook-Timestamp` (unix seconds of the attempt) and `Webhook-Signature: v1,<base64 HMAC-SHA256>` ' +
  'over `${id}.${timestamp}.${url}` (the exact URL requested), keyed by the base64-decoded part after `whsec_`. Pixels are not signed.';

/** The publisher's postback signing secret: read (made on first use) and rotate. */
export const postbackSigningRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The session scope authenticates every route (plugins/publisher-api.ts): a key may not read the secret.
    const base = { tags: ['postbacks'] };

    app.post(
      API_PATHS.postbackSigningSecret,
      {
        schema: {
          ...base,
          summary: 'The postback signing secret (made on first read)',
          description: SCHEME,
          body: emptyRequestSchema,
          response: { 200: postbackSigningSecretResponseSchema },
        },
      },
      async (req) => ({ data: await postbackSigning.read(ctx.db, publisherOf(req).publisherId) }),
    );

    app.post(
      API_PATHS.postbackSigningSecretRotate,
      {
        schema: {
          ...base,
          summary: 'Replace the postback signing secret',
          description:
            'The next delivery attempt is signed with the new secret; the old one verifies nothing from then on. ' +
            `Shares the postback create budget (${QUOTAS.postbackSavesPerHour.limit} per hour; 429 with Retry-After past it).`,
          body: emptyRequestSchema,
          response: { 200: postbackSigningSecretResponseSchema },
        },
      },
      async (req) => {
        const { publisherId } = publisherOf(req);
        await chargeQuota(ctx.db, 'postbackSavesPerHour', publisherId, QUOTA_MESSAGES.postbackSaves);
        return { data: await postbackSigning.rotate(ctx.db, publisherId) };
      },
    );
  };
