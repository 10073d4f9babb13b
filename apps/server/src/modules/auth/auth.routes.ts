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
import { unauthenticated } from '../../lib/errors.ts';
import { authService } from './auth.service.ts';
import { deviceCookieOptions, PUBLISHER_DEVICE } from '../../lib/trusted-device.ts';

/** Log-in with e-mail and password: public. */
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
          req.cookies[PUBLISHER_DEVICE.cookie],
        );
        void reply.setCookie(
          PUBLISHER_DEVICE.cookie,
          device,
          deviceCookieOptions(PUBLISHER_DEVICE, req.protocol === 'https'),
        );
        return { data };
      },
    );
  };

/**
 * The log-in's later steps, in the session scope (plugins/publisher-api.ts): the two-factor code
 * takes the pending two-factor token; the account choice takes the account-choice token or an
 * access token.
 */
export const authSessionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['session'];

    app.post(
      API_PATHS.verifyCode,
      {
        config: { sessionPurposes: ['two_factor'] },
        schema: {
          tags,
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
        config: { sessionPurposes: ['select_account', 'access'] },
        schema: {
          tags,
          body: noBodyRequestSchema,
          response: { 200: multiLoginResponseSchema },
        },
      },
      async (req) => ({ data: await authService.multiLogin(ctx, req.auth!.userId) }),
    );

    app.post(
      API_PATHS.impersonate,
      {
        config: { sessionPurposes: ['select_account', 'access'] },
        schema: {
          tags,
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
