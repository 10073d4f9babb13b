import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  postbackCreateRequestSchema,
  postbackDeleteRequestSchema,
  postbackDeleteResponseSchema,
  postbackRequestSchema,
  postbackResponseSchema,
  postbackTableRequestSchema,
  postbackTableResponseSchema,
  postbackUpdateRequestSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { chargeQuota, QUOTA_MESSAGES, QUOTAS } from '../../lib/quotas.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { postbacksService } from './postbacks.service.ts';

/** The publisher's pixels and postbacks (docs/api.md). Another publisher's postback answers 404. */
export const postbacksRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The key scope authenticates (plugins/publisher-api.ts). A key needs scope read_write: a
    // postback can copy every future conversion to another address.
    const config = { apiKeyScope: 'read_write' } as const;
    const base = { tags: ['postbacks'] };

    app.post(
      API_PATHS.postback,
      {
        config,
        schema: {
          ...base,
          summary: 'One pixel / postback',
          body: postbackRequestSchema,
          response: { 200: postbackResponseSchema },
        },
      },
      async (req) => ({ data: await postbacksService.findOrFail(ctx, publisherOf(req), req.body.id) }),
    );

    app.post(
      API_PATHS.postbackTable,
      {
        config,
        schema: {
          ...base,
          summary: "An offer's pixels / postbacks ({offer_id}) or the global list (filters, search, sort, cursor)",
          body: postbackTableRequestSchema,
          response: { 200: postbackTableResponseSchema },
        },
      },
      async (req) => postbacksService.table(ctx, publisherOf(req), req.body),
    );

    app.post(
      API_PATHS.postbackCreate,
      {
        config,
        schema: {
          ...base,
          summary: 'Create a pixel / postback',
          description:
            `At most ${QUOTAS.postbackSavesPerHour.limit} creates and updates per publisher per hour (429 with Retry-After past that). ` +
            'Field errors: postback_status / postback_type 0x4013, postback_value 0x4010 (not an http(s) URL) or 0x4011 (a {variable} outside the whitelist), ' +
            'postback_event_id 0x4010 (not an event of the offer). An offer the publisher may not run answers 404.',
          body: postbackCreateRequestSchema,
          response: { 200: postbackResponseSchema },
        },
      },
      async (req) => {
        const auth = publisherOf(req);
        await chargeQuota(ctx.db, 'postbackSavesPerHour', auth.publisherId, QUOTA_MESSAGES.postbackSaves);
        return { data: await postbacksService.create(ctx, auth, req.body) };
      },
    );

    app.post(
      API_PATHS.postbackUpdate,
      {
        config,
        schema: {
          ...base,
          summary: 'Update a pixel / postback',
          description:
            'As create, plus postback_id; another publisher’s postback answers 404. Shares the create budget (429 past it).',
          body: postbackUpdateRequestSchema,
          response: { 200: postbackResponseSchema },
        },
      },
      async (req) => {
        const { postback_id, ...input } = req.body;
        const auth = publisherOf(req);
        await chargeQuota(ctx.db, 'postbackSavesPerHour', auth.publisherId, QUOTA_MESSAGES.postbackSaves);
        return { data: await postbacksService.update(ctx, auth, postback_id, input) };
      },
    );

    app.post(
      API_PATHS.postbackDelete,
      {
        config,
        schema: {
          ...base,
          summary: 'Delete a pixel / postback',
          description:
            'The postback goes for good; its deliveries already made stay in the delivery log (`postback_name` null ' +
            'there, with the URL each was sent to), and those still waiting to be sent are stopped. Another ' +
            'publisher’s postback, or one already deleted, answers 404.',
          body: postbackDeleteRequestSchema,
          response: { 200: postbackDeleteResponseSchema },
        },
      },
      async (req) => ({ data: await postbacksService.remove(ctx, publisherOf(req), req.body.postback_id) }),
    );
  };
