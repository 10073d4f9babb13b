import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryLogRequestSchema,
  deliveryLogResponseSchema,
  deliveryPreviewRequestSchema,
  deliveryPreviewResponseSchema,
  deliveryReplayFailedRequestSchema,
  deliveryReplayFailedResponseSchema,
  deliveryReplayRequestSchema,
  deliveryReplayResponseSchema,
  deliverySendTestRequestSchema,
  deliverySendTestResponseSchema,
  POSTBACK_DELIVERY_PATHS,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { chargeQuota, QUOTA_MESSAGES, QUOTAS } from '../../lib/quotas.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import {
  listDeliveryAttempts,
  previewPostback,
  replayDelivery,
  replayFailedSince,
  sendTestPostback,
} from './delivery-log.service.ts';

/** Publisher API: postback delivery log, replay, send test and preview (scoped to the publisher). */
export const postbackDeliveriesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The key scope authenticates (plugins/publisher-api.ts). A key needs scope read_write, as for
    // the postbacks themselves (their URLs and replays).
    const config = { apiKeyScope: 'read_write' } as const;
    const base = { tags: ['postback deliveries'] };

    app.post(
      POSTBACK_DELIVERY_PATHS.log,
      {
        config,
        schema: {
          ...base,
          summary: 'Delivery attempts of the publisher’s postbacks, newest first',
          body: deliveryLogRequestSchema,
          response: { 200: deliveryLogResponseSchema },
        },
      },
      async (req) => listDeliveryAttempts(ctx, publisherOf(req).publisherId, req.body),
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.replay,
      {
        config,
        schema: {
          ...base,
          summary: 'Send one delivery again',
          description: `At most ${QUOTAS.replayPerHour.limit} per publisher per hour (429 with Retry-After past that).`,
          body: deliveryReplayRequestSchema,
          response: { 200: deliveryReplayResponseSchema },
        },
      },
      async (req) => {
        const { publisherId } = publisherOf(req);
        await chargeQuota(ctx.db, 'replayPerHour', publisherId, QUOTA_MESSAGES.replay);
        return { data: await replayDelivery(ctx, publisherId, req.body.delivery_id) };
      },
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.replayFailed,
      {
        config,
        schema: {
          ...base,
          summary: 'Send every failed delivery since a time again',
          description: `At most ${QUOTAS.replayFailedPerHour.limit} per publisher per hour (429 with Retry-After past that).`,
          body: deliveryReplayFailedRequestSchema,
          response: { 200: deliveryReplayFailedResponseSchema },
        },
      },
      async (req) => {
        const { publisherId } = publisherOf(req);
        await chargeQuota(ctx.db, 'replayFailedPerHour', publisherId, QUOTA_MESSAGES.replay);
        return {
          data: await replayFailedSince(ctx, publisherId, new Date(req.body.since), req.body.postback_id ?? null),
        };
      },
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.sendTest,
      {
        config,
        schema: {
          ...base,
          summary: 'Fire a postback once with sample values (outcome only, never the response body)',
          description: `At most ${QUOTAS.sendTestPerPostbackPerMinute.limit} per postback per minute and ${QUOTAS.sendTestPerHour.limit} per publisher per hour (429 with Retry-After past that).`,
          body: deliverySendTestRequestSchema,
          response: { 200: deliverySendTestResponseSchema },
        },
      },
      async (req) => {
        const { publisherId } = publisherOf(req);
        // Keys carry the publisher: nobody spends another publisher's budget by naming their postback.
        await chargeQuota(
          ctx.db,
          'sendTestPerPostbackPerMinute',
          publisherId,
          QUOTA_MESSAGES.sendTest,
          req.body.postback_id,
        );
        await chargeQuota(ctx.db, 'sendTestPerHour', publisherId, QUOTA_MESSAGES.sendTest);
        return { data: await sendTestPostback(ctx, publisherId, req.body.postback_id) };
      },
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.preview,
      {
        config,
        schema: {
          ...base,
          summary: 'Render a postback against the latest real conversion and flag unknown or empty macros',
          body: deliveryPreviewRequestSchema,
          response: { 200: deliveryPreviewResponseSchema },
        },
      },
      async (req) => ({ data: await previewPostback(ctx, publisherOf(req).publisherId, req.body) }),
    );
  };
