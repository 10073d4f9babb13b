import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, signupRequestSchema, signupResponseSchema } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { signupService } from './signup.service.ts';

export const signupRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      API_PATHS.signUp,
      { schema: { tags: ['sign-up'], body: signupRequestSchema, response: { 200: signupResponseSchema } } },
      async (req) => signupService.signUp(ctx, req.body, req.ip),
    );
  };
