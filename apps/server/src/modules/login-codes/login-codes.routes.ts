import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, authenticateResponseSchema, exchangeLoginCodeRequestSchema } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { loginCodesService } from './login-codes.service.ts';

/** `POST /user/exchange-login-code`: a one-time code from an operator's link for a session token. */
export const loginCodesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API_PATHS.exchangeLoginCode,
      {
        schema: {
          tags: ['session'],
          description:
            'Exchanges the one-time code of a link that logs in (`?login_code=`) for a session token, answered as a login is. ' +
            'A code works once and for a few minutes; an unknown, used or expired code gets one 401 that does not say which, ' +
            'and failed exchanges are throttled per client address (429 with Retry-After).',
          body: exchangeLoginCodeRequestSchema,
          response: { 200: authenticateResponseSchema },
        },
      },
      async (req) => ({
        data: await loginCodesService.exchange(ctx, req.body.code, {
          address: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        }),
      }),
    );
  };
