import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';

/** A database that has not answered a ping within this long is reported degraded (it may be stalled). */
export const HEALTH_PING_TIMEOUT_MS = 2000;

/** Resolves when the database answers; rejects when it fails or stays silent past HEALTH_PING_TIMEOUT_MS. */
async function pingWithin(ctx: AppContext, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('database did not answer in time')), ms);
  });
  try {
    await Promise.race([ping(ctx.db), silent]);
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and database reachability, for load balancers and the operator. */
export const healthRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string() }),
            503: z.object({ status: z.literal('degraded'), database: z.string() }),
          },
        },
      },
      async (_req, reply) => {
        try {
          await pingWithin(ctx, HEALTH_PING_TIMEOUT_MS);
          return { status: 'ok' as const, database: ctx.dbKind };
        } catch {
          return reply.status(503).send({ status: 'degraded' as const, database: ctx.dbKind });
        }
      },
    );
  };
