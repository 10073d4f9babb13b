import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  authenticateRequestSchema,
  authenticateResponseSchema,
  noBodyRequestSchema,
  impersonateRequestSchema,
  jwtResponseSchema,
  multiLoginResponseSchema,
  verifyCodeRequestSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { authService } from './auth.service.ts';
import { DEVICE_COOKIE, deviceCookieOptions } from './trusted-device.ts';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['session'];

    app.post(
      API_PATHS.authenticate,
      { schema: { tags, body: authenticateRequestSchema, response: { 200: authenticateResponseSchema } } },
      async (req, reply) => {
        const { data, device } = await authService.authenticate(
          ctx,
          req.body.user_name,
          req.body.password,
          req.ip,
          req.cookies[DEVICE_COOKIE],
        );
        void reply.setCookie(DEVICE_COOKIE, device, deviceCookieOptions(req.protocol === 'https'));
        return { data };
      },
    );

    app.post(
      API_PATHS.verifyCode,
      {
        preHandler: requireAuth(ctx, ['two_factor']),
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: verifyCodeRequestSchema,
          response: { 200: jwtResponseSchema },
        },
      },
      async (req) => {
        const auth = req.auth;
        if (!auth) throw unauthenticated();
        return {
          data: await authService.verifyCode(
            ctx,
            auth.userId,
            auth.tokenVersion,
            req.body.code,
            req.ip,
            auth.sessionId,
          ),
        };
      },
    );

    app.post(
      API_PATHS.multiLogin,
      {
        preHandler: requireAuth(ctx, ['select_account', 'access']),
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: noBodyRequestSchema,
          response: { 200: multiLoginResponseSchema },
        },
      },
      async (req) => ({ data: await authService.multiLogin(ctx, req.auth!.userId) }),
    );

    app.post(
      API_PATHS.impersonate,
      {
        preHandler: requireAuth(ctx, ['select_account', 'access']),
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: impersonateRequestSchema,
          response: { 200: jwtResponseSchema },
        },
      },
      async (req) => {
        const auth = req.auth!;
        return {
          data: await authService.impersonate(ctx, auth, req.body.user_id, req.body.publisher_id),
        };
      },
    );
  };
