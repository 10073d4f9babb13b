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
import { publisherOf, requireAuth } from '../../plugins/auth.ts';
import { listDeliveryAttempts, previewPostback, replayDelivery, replayFailedSince, sendTestPostback } from './delivery-log.service.ts';

/** Publisher API: postback delivery log, replay, send test and preview (scoped to the publisher). */
export const deliveryRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = requireAuth(ctx);
    const base = { tags: ['postback deliveries'], security: [{ bearer: [] }] };

    app.post(
      POSTBACK_DELIVERY_PATHS.log,
      { preHandler, schema: { ...base, summary: 'Delivery attempts of the publisher’s postbacks, newest first', body: deliveryLogRequestSchema, response: { 200: deliveryLogResponseSchema } } },
      async (req) => listDeliveryAttempts(ctx, publisherOf(req).publisherId, req.body),
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.replay,
      { preHandler, schema: { ...base, summary: 'Send one delivery again', body: deliveryReplayRequestSchema, response: { 200: deliveryReplayResponseSchema } } },
      async (req) => ({ data: await replayDelivery(ctx, publisherOf(req).publisherId, req.body.delivery_id) }),
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.replayFailed,
      { preHandler, schema: { ...base, summary: 'Send every failed delivery since a time again', body: deliveryReplayFailedRequestSchema, response: { 200: deliveryReplayFailedResponseSchema } } },
      async (req) => ({ data: await replayFailedSince(ctx, publisherOf(req).publisherId, new Date(req.body.since), req.body.postback_id ?? null) }),
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.sendTest,
      { preHandler, schema: { ...base, summary: 'Fire a postback once with sample values (outcome only, never the response body)', body: deliverySendTestRequestSchema, response: { 200: deliverySendTestResponseSchema } } },
      async (req) => ({ data: await sendTestPostback(ctx, publisherOf(req).publisherId, req.body.postback_id) }),
    );
    app.post(
      POSTBACK_DELIVERY_PATHS.preview,
      { preHandler, schema: { ...base, summary: 'Render a postback against the latest real conversion and flag unknown or empty macros', body: deliveryPreviewRequestSchema, response: { 200: deliveryPreviewResponseSchema } } },
      async (req) => ({ data: await previewPostback(ctx, publisherOf(req).publisherId, req.body) }),
    );
  };
