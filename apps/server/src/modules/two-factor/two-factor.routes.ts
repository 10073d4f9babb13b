import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  noBodyRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorDisableResponseSchema,
  twoFactorEnableRequestSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { twoFactorService } from './two-factor.service.ts';

/** The profile's Two-Factor Auth tab: status, enrol (secret + otpauth URI, confirm), turn off. */
export const twoFactorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The session scope authenticates every route (plugins/publisher-api.ts).
    const guard = { schema: { tags: ['two-factor'] } };

    app.post(
      API_PATHS.twoFactorStatus,
      {
        ...guard,
        schema: { ...guard.schema, body: noBodyRequestSchema, response: { 200: twoFactorStatusResponseSchema } },
      },
      async (req) => ({
        data: await twoFactorService.status(ctx, publisherOf(req).userId),
      }),
    );

    app.post(
      API_PATHS.twoFactorSetup,
      {
        ...guard,
        schema: { ...guard.schema, body: twoFactorSetupRequestSchema, response: { 200: twoFactorSetupResponseSchema } },
      },
      async (req) => ({ data: await twoFactorService.setup(ctx, publisherOf(req).userId, req.body?.password) }),
    );

    app.post(
      API_PATHS.twoFactorEnable,
      {
        ...guard,
        schema: {
          ...guard.schema,
          body: twoFactorEnableRequestSchema,
          response: { 200: twoFactorEnableResponseSchema },
        },
      },
      async (req) => ({ data: await twoFactorService.enable(ctx, publisherOf(req), req.body.code, req.ip) }),
    );

    app.post(
      API_PATHS.twoFactorDisable,
      {
        ...guard,
        schema: {
          ...guard.schema,
          body: twoFactorDisableRequestSchema,
          response: { 200: twoFactorDisableResponseSchema },
        },
      },
      async (req) => ({
        success: true,
        data: await twoFactorService.disable(ctx, publisherOf(req), req.body.code, req.ip),
      }),
    );
  };
