import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  emptyRequestSchema,
  notificationIdRequestSchema,
  notificationModalResponseSchema,
  notificationResponseSchema,
  notificationTableRequestSchema,
  notificationTableResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { notificationsService } from './notifications.service.ts';

export const notificationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The session scope authenticates every route (plugins/publisher-api.ts).
    const base = { tags: ['notifications'] };

    app.post(
      API_PATHS.notificationTable,
      {
        schema: { ...base, body: notificationTableRequestSchema, response: { 200: notificationTableResponseSchema } },
      },
      async (req) => notificationsService.table(ctx, publisherOf(req).publisherId, req.body),
    );
    app.post(
      API_PATHS.notificationModal,
      { schema: { ...base, body: emptyRequestSchema, response: { 200: notificationModalResponseSchema } } },
      async (req) => notificationsService.unread(ctx, publisherOf(req).publisherId),
    );
    app.post(
      API_PATHS.notificationById,
      {
        schema: { ...base, body: notificationIdRequestSchema, response: { 200: notificationResponseSchema } },
      },
      async (req) => notificationsService.findOrFail(ctx, publisherOf(req).publisherId, req.body.notification_id),
    );
    app.post(
      API_PATHS.notificationSetRead,
      {
        schema: { ...base, body: notificationIdRequestSchema, response: { 200: notificationResponseSchema } },
      },
      async (req) => notificationsService.markRead(ctx, publisherOf(req).publisherId, req.body.notification_id),
    );
  };
