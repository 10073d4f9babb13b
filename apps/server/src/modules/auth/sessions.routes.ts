import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, noBodyRequestSchema, successSchema } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { sessionsService } from './sessions.service.ts';

/** Server logout: this session, or every session of the user (in the session scope, plugins/publisher-api.ts). */
export const sessionsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const schema = {
      tags: ['session'],
      body: noBodyRequestSchema,
      response: { 200: successSchema },
    };

    app.post(
      API_PATHS.logout,
      {
        // Any token of a login may end it, the pending two-factor and account-choice ones too.
        config: { sessionPurposes: ['access', 'select_account', 'two_factor'] },
        schema: {
          ...schema,
          description: 'Ends the calling token’s login session at once (every token it exchanged for).',
        },
      },
      async (req) => {
        if (!req.auth) throw unauthenticated();
        await sessionsService.logout(ctx, req.auth);
        return { success: true };
      },
    );

    app.post(
      API_PATHS.logoutAll,
      {
        config: { sessionPurposes: ['access', 'select_account'] },
        schema: { ...schema, description: 'Ends every session of the user, this one included.' },
      },
      async (req) => {
        if (!req.auth) throw unauthenticated();
        await sessionsService.logoutEverywhere(ctx, req.auth.userId);
        return { success: true };
      },
    );
  };
