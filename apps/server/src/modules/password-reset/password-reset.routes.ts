import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  resetPasswordRequestSchema,
  sendResetTokenRequestSchema,
  successSchema,
  verifyResetTokenRequestSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { passwordResetService } from './password-reset.service.ts';

export const passwordResetRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['password-reset'];
    app.post(
      API_PATHS.sendResetToken,
      { schema: { tags, body: sendResetTokenRequestSchema, response: { 200: successSchema } } },
      async (req) => passwordResetService.sendToken(ctx, req.body.user_email, req.ip),
    );
    app.post(
      API_PATHS.verifyResetToken,
      { schema: { tags, body: verifyResetTokenRequestSchema, response: { 200: successSchema } } },
      async (req) => passwordResetService.verifyToken(ctx, req.body.token),
    );
    app.post(
      API_PATHS.resetPassword,
      { schema: { tags, body: resetPasswordRequestSchema, response: { 200: successSchema } } },
      async (req) => passwordResetService.reset(ctx, req.body, req.ip),
    );
  };
