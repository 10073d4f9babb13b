import type { FastifyPluginAsync } from 'fastify';
import { ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { decideClick, type ClickParams } from './click.service.ts';
import { trackingEngine } from './tracking-engine.ts';

/** The click cookie the conversion pixel falls back to when its URL carries no tid. */
export const CLICK_COOKIE = 'ptid';

/**
 * `GET /c/:offerId/:publisherId` (DESIGN.md §4): the click is committed before the 302 leaves; if
 * it cannot be stored the answer is 503, never a redirect for a click we do not have.
 */
export const clickRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const engine = trackingEngine(ctx);
    const secure = ctx.config.publicTrackingUrl.startsWith('https:');
    const cookieFlags = secure ? '; Secure; SameSite=None' : '; SameSite=Lax';

    app.get<{ Params: { offerId: string; publisherId: string }; Querystring: ClickParams }>(
      '/c/:offerId/:publisherId',
      { schema: { hide: true } },
      async (req, reply) => {
        const at = new Date();
        const decided = decideClick(engine.cache, engine.fallbackUrl, {
          offerId: req.params.offerId,
          publisherId: req.params.publisherId,
          params: req.query,
          ip: req.ip ?? null,
          userAgent: req.headers['user-agent'] ?? null,
          at,
        });
        const decision = decided instanceof Promise ? await decided : decided;
        try {
          await engine.clickWriter.submit(decision);
        } catch (err) {
          req.log.warn({ err }, 'click not stored');
          return reply
            .status(503)
            .header('retry-after', '1')
            .send({ error: { code: ERROR_CODES.UNAVAILABLE, message: 'The click could not be recorded. Please try again.' } });
        }
        if (decision.kind === 'click') {
          const days = 90;
          void reply.header('set-cookie', `${CLICK_COOKIE}=${decision.row.id}; Path=/; Max-Age=${days * 86400}; HttpOnly${cookieFlags}`);
        }
        return reply.header('cache-control', 'no-store').redirect(decision.location, 302);
      },
    );
  };
