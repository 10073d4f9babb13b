import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  noBodyRequestSchema,
  managerResponseSchema,
  meResponseSchema,
  timezoneResponseSchema,
  updateNotificationRequestSchema,
  updateNotificationResponseSchema,
  updatePasswordRequestSchema,
  updatePasswordResponseSchema,
  updateUserRequestSchema,
  userProfileResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf, requireAuth } from '../../plugins/auth.ts';
import { profileService } from './profile.service.ts';

export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = requireAuth(ctx);
    const base = { tags: ['account'], security: [{ bearer: [] }] };

    app.get(API_PATHS.me, { preHandler, schema: { ...base, response: { 200: meResponseSchema } } }, async (req) => ({
      data: { user: await profileService.me(ctx, publisherOf(req)) },
    }));

    app.post(
      API_PATHS.manager,
      { preHandler, schema: { ...base, body: noBodyRequestSchema, response: { 200: managerResponseSchema } } },
      async (req) => ({
        data: await profileService.manager(ctx, publisherOf(req)),
      }),
    );

    app.post(
      API_PATHS.user,
      { preHandler, schema: { ...base, body: noBodyRequestSchema, response: { 200: userProfileResponseSchema } } },
      async (req) => ({
        data: await profileService.profile(ctx, publisherOf(req)),
      }),
    );

    app.post(
      API_PATHS.updateUser,
      { preHandler, schema: { ...base, body: updateUserRequestSchema, response: { 200: userProfileResponseSchema } } },
      async (req) => ({
        data: await profileService.updateTimezone(ctx, publisherOf(req), req.body.user_timezone, req.body.user_id),
      }),
    );

    app.post(
      API_PATHS.updatePassword,
      {
        preHandler,
        schema: { ...base, body: updatePasswordRequestSchema, response: { 200: updatePasswordResponseSchema } },
      },
      async (req) => ({ data: await profileService.updatePassword(ctx, publisherOf(req), req.body) }),
    );

    app.post(
      API_PATHS.updateNotification,
      {
        preHandler,
        schema: { ...base, body: updateNotificationRequestSchema, response: { 200: updateNotificationResponseSchema } },
      },
      async (req) => ({
        data: await profileService.updateNotifications(ctx, publisherOf(req), req.body.notification_subscriptions),
      }),
    );

    app.post(
      API_PATHS.timezone,
      { preHandler, schema: { ...base, body: noBodyRequestSchema, response: { 200: timezoneResponseSchema } } },
      async () => ({
        data: profileService.timezones(),
      }),
    );
  };
