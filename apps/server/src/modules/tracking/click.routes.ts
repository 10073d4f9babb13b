import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ClickPathSchema, ClickQuerySchema, ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { isDatabaseUnavailable } from '../../lib/database-errors.ts';
import { ClickTimeoutError } from './click-writer.ts';
import { decideClick } from './click.service.ts';
import { isLoopedCall } from '../postback-deliveries/postback-deliveries.service.ts';
import { trackingEngine } from './tracking-engine.ts';

/**
 * Resolves as `p` does, or rejects once `ms` have passed. A stalled database: the click answers 503
 * at CLICK_TIMEOUT_MS, counted from its arrival, instead of holding its visitor, whether it waits
 * for the tracking cache (here, the rare reload) or for its commit (the click writer's deadline
 * sweep, no timer per click). If its batch commits later, it is stored but was never acknowledged,
 * which is allowed: the reverse is not.
 */
function withinMs<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ClickTimeoutError(`click not stored within ${ms} ms`)), ms);
    p.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** 503, never a redirect, for a click that could not be stored (in time). */
function clickNotStored(reply: FastifyReply, log: FastifyBaseLogger, err: unknown): FastifyReply {
  log.warn({ err }, 'click not stored');
  return reply
    .status(503)
    .header('retry-after', '1')
    .send({ error: { code: ERROR_CODES.UNAVAILABLE, message: 'The click could not be recorded. Please try again.' } });
}

/** The click cookie the conversion pixel falls back to when its URL carries no tid. */
export const CLICK_COOKIE = 'ptid';

/**
 * `GET /c/:offerId/:publisherId` (docs/tracking.md; the pattern the request log names): the click is committed before the 302 leaves;
 * if it cannot be stored the answer is 503, never a redirect for a click we do not have. Its path
 * and query are the shared ClickPathSchema and ClickQuerySchema, validated by the route's zod
 * schema: lenient (nothing is refused), and measured on the click benchmark at no cost beyond its
 * noise (bench/README.md), so the click has no parser of its own.
 */
export const clickRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const engine = trackingEngine(ctx);
    const secure = ctx.config.publicTrackingUrl.startsWith('https:');
    const cookieFlags = secure ? '; Secure; SameSite=None' : '; SameSite=Lax';

    app.get(
      '/c/:offerId/:publisherId',
      {
        schema: {
          tags: ['tracking'],
          operationId: 'click',
          params: ClickPathSchema,
          querystring: ClickQuerySchema,
        },
      },
      async (req, reply) => {
        if (isLoopedCall(req.headers, ctx.instanceId)) {
          // One of our own postback deliveries: no click, no redirect to follow.
          req.log.warn(
            { offer: req.params.offerId, publisher: req.params.publisherId },
            'click refused: it came from a postback delivery of this portal (loop)',
          );
          return reply.status(508).send({
            error: {
              code: ERROR_CODES.LOOP_DETECTED,
              message: "This click came from one of this portal's own postback deliveries (a loop).",
            },
          });
        }
        const at = new Date();
        const deadline = performance.now() + ctx.config.CLICK_TIMEOUT_MS;
        let decision: Awaited<ReturnType<typeof decideClick>>;
        try {
          const decided = decideClick(engine.cache, engine.fallbackUrl, {
            offerId: req.params.offerId,
            publisherId: req.params.publisherId,
            params: req.query,
            ip: req.ip ?? null,
            userAgent: req.headers['user-agent'] ?? null,
            at,
          });
          // The tracking cache's reload (a few times a minute) reads the database.
          decision = decided instanceof Promise ? await withinMs(decided, deadline - performance.now()) : decided;
        } catch (err) {
          if (!(err instanceof ClickTimeoutError) && !isDatabaseUnavailable(err)) throw err;
          return clickNotStored(reply, req.log, err);
        }
        try {
          await engine.clickWriter.submit(decision, deadline);
        } catch (err) {
          return clickNotStored(reply, req.log, err);
        }
        // The cookie the pixel may fall back to is set only on a top-level navigation (a visitor
        // following the link): a page that loads the link as an image or frame to plant it
        // (cookie stuffing) gets the redirect and no cookie.
        const dest = req.headers['sec-fetch-dest'];
        if (decision.kind === 'click' && (dest === undefined || dest === 'document')) {
          const days = 90;
          void reply.header(
            'set-cookie',
            `${CLICK_COOKIE}=${decision.row.id}; Path=/; Max-Age=${days * 86400}; HttpOnly${cookieFlags}`,
          );
        }
        return reply.header('cache-control', 'no-store').redirect(decision.location, 302);
      },
    );
  };
