import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';

/** Liveness and database reachability, for load balancers and the operator. */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('degraded'), database: z.string() }) },
        },
      },
      async (_req, reply) => {
        try {
          await ping(ctx.db);
          return { status: 'ok' as const, database: ctx.dbKind };
        } catch {
          return reply.status(503).send({ status: 'degraded' as const, database: ctx.dbKind });
        }
      },
    );
  };
