import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PixelParamsSchema } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { CLICK_COOKIE } from './click.routes.ts';
import { conversionParams, type ConversionCallParams } from './conversion.routes.ts';
import { recordConversion } from './conversion.service.ts';
import { splitSignedQuery } from './pixel-signature.ts';
import { POSTBACK_MACROS, renderMacros } from '../../lib/macros.ts';
import { isLoopedCall, postbackMacroValues } from '../postback-deliveries/postback-deliveries.service.ts';
import { trackingEngine } from './tracking-engine.ts';
import { trackingRepository } from './tracking.repository.ts';
import { postbacksService } from '../postbacks/postbacks.service.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const attr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Publisher pixels run from the tracking address only, each in a frame sandboxed without
 * allow-same-origin (an opaque origin: no cookies, storage or same-origin API calls), inside a
 * document that is itself sandboxed by its CSP (docs/reliability.md B7). The CSP is otherwise open because
 * third-party pixels load their own images and scripts; srcdoc frames inherit it.
 */
const PIXEL_CSP = [
  'sandbox allow-scripts',
  "default-src 'none'",
  'img-src * data:',
  "script-src * 'unsafe-inline'",
  "style-src * 'unsafe-inline'",
  'frame-src *',
  'connect-src *',
  'font-src *',
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/**
 * `GET /pixel?tid=` (or the click cookie): records the conversion where the offer accepts pixels
 * (conversion.service.ts says what a pixel may claim) and answers the publisher's pixels.
 */
export const pixelRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const trackingHost = new URL(ctx.config.publicTrackingUrl).host.toLowerCase();
    const portalHost = new URL(ctx.config.publicUrl).host.toLowerCase();
    const separateHosts = trackingHost !== portalHost;

    const schema = { tags: ['tracking'], operationId: 'pixel', querystring: PixelParamsSchema };
    app.get('/pixel', { schema }, async (req, reply) => {
      void reply
        .header('cache-control', 'no-store')
        .header('cross-origin-resource-policy', 'cross-origin')
        .removeHeader('x-frame-options');
      const gif = () => reply.type('image/gif').header('content-security-policy', "default-src 'none'").send(GIF);
      if (separateHosts && (req.headers.host ?? '').toLowerCase() === portalHost) {
        // Pixel HTML never runs on the portal's origin.
        return reply.status(404).type('image/gif').send(GIF);
      }
      // A signed pixel is read from its signed part alone (nothing after `sig` counts) and names its
      // tid; an unsigned one may fall back to the click cookie and carries no amount.
      const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const signed = splitSignedQuery(rawQuery);
      const p: ConversionCallParams = signed
        ? Object.fromEntries(new URLSearchParams(signed.payload))
        : conversionParams(req);
      const tid = p.tid ?? (signed ? null : (req.cookies[CLICK_COOKIE] ?? null));
      const result = await recordConversion(ctx, {
        tid,
        eventId: p.event_id,
        amount: p.amount,
        advTransactionId: p.adv_transaction_id,
        adv: {
          adv_s1: p.adv_s1 ?? null,
          adv_s2: p.adv_s2 ?? null,
          adv_s3: p.adv_s3 ?? null,
          adv_s4: p.adv_s4 ?? null,
          adv_s5: p.adv_s5 ?? null,
        },
        source: 'pixel',
        signature: signed ? { payload: signed.payload, value: signed.signature } : null,
        looped: isLoopedCall(req.headers, ctx.instanceId),
        ip: req.ip ?? null,
      });
      // The thank-you page never breaks: a refused call still answers its image (429 past the
      // address's budget of refusals).
      if (result.kind === 'refused' && result.retryAfterSeconds) {
        void reply.status(429).header('retry-after', String(result.retryAfterSeconds));
      }
      if (result.kind !== 'recorded') return gif();

      const pixels = await postbacksService.findMatching(ctx.db, {
        publisherId: result.publisherId,
        type: 'pixel',
        offerId: result.offerId,
        eventId: result.eventId,
        eventType: result.eventType,
      });
      if (pixels.length === 0) return gif();

      const [conversion, click, publisher, offer] = await Promise.all([
        trackingRepository.findConversionById(ctx.db, result.conversionId),
        trackingRepository.findClickById(ctx.db, result.id),
        trackingEngine(ctx).cache.publisher(result.publisherId),
        trackingEngine(ctx).cache.offer(result.offerId),
      ]);
      const values = postbackMacroValues({
        publisher: { id: result.publisherId, name: publisher?.name ?? '' },
        offer: { id: result.offerId, name: offer?.name ?? '' },
        event: { id: result.eventId },
        click,
        conversion: { ...conversion, created_at: new Date(conversion.created_at) },
      });
      const frames = pixels
        .map((px) => {
          const html = renderMacros(px.value, values, POSTBACK_MACROS, (v) =>
            encodeURIComponent(v).replace(/'/g, '%27'),
          );
          return `<iframe sandbox="allow-scripts" referrerpolicy="no-referrer" width="1" height="1" style="border:0;position:absolute;left:-9999px" srcdoc="${attr(html)}"></iframe>`;
        })
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', PIXEL_CSP)
        .header('referrer-policy', 'no-referrer')
        .send(
          `<!doctype html>\n<html><head><meta charset="utf-8"><title>pixel</title></head><body>\n${frames}\n</body></html>\n`,
        );
    });
  };
