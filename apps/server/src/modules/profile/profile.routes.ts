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
import { publisherOf } from '../../lib/request-identity.ts';
import { profileService } from './profile.service.ts';

export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The session scope authenticates every route (plugins/publisher-api.ts).
    const base = { tags: ['account'] };

    app.get(API_PATHS.me, { schema: { ...base, response: { 200: meResponseSchema } } }, async (req) => ({
      data: { user: await profileService.me(ctx, publisherOf(req)) },
    }));

    app.post(
      API_PATHS.manager,
      { schema: { ...base, body: noBodyRequestSchema, response: { 200: managerResponseSchema } } },
      async (req) => ({
        data: await profileService.manager(ctx, publisherOf(req)),
      }),
    );

    app.post(
      API_PATHS.user,
      { schema: { ...base, body: noBodyRequestSchema, response: { 200: userProfileResponseSchema } } },
      async (req) => ({
        data: await profileService.profile(ctx, publisherOf(req)),
      }),
    );

    app.post(
      API_PATHS.updateUser,
      { schema: { ...base, body: updateUserRequestSchema, response: { 200: userProfileResponseSchema } } },
      async (req) => ({
        data: await profileService.updateTimezone(ctx, publisherOf(req), req.body.user_timezone, req.body.user_id),
      }),
    );

    app.post(
      API_PATHS.updatePassword,
      {
        schema: { ...base, body: updatePasswordRequestSchema, response: { 200: updatePasswordResponseSchema } },
      },
      async (req) => ({ data: await profileService.updatePassword(ctx, publisherOf(req), req.body) }),
    );

    app.post(
      API_PATHS.updateNotification,
      {
        schema: { ...base, body: updateNotificationRequestSchema, response: { 200: updateNotificationResponseSchema } },
      },
      async (req) => ({
        data: await profileService.updateNotifications(ctx, publisherOf(req), req.body.notification_subscriptions),
      }),
    );

    app.post(
      API_PATHS.timezone,
      { schema: { ...base, body: noBodyRequestSchema, response: { 200: timezoneResponseSchema } } },
      async () => ({
        data: profileService.timezones(),
      }),
    );
  };
