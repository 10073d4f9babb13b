import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notificationsService } from '../notifications/notifications.service.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { utcDay, utcMonth } from './tracking-cache.ts';
import { trackingRepository } from './tracking.repository.ts';

const { escapeHtml } = notificationsService;

export interface CapCrossing {
  period: 'day' | 'month';
  periodStart: string;
  /** 0: the global cap. */
  scopePublisherId: number;
  level: 90 | 100;
  count: number;
  cap: number;
}

export class CapReachedError extends Error {}

/**
 * Counts one conversion against the offer's caps, inside the conversion's transaction. Each counter
 * is incremented only while below its cap (INSERT … ON CONFLICT … WHERE count < cap), so concurrent
 * conversions can never overshoot; a full cap throws CapReachedError and the caller's transaction
 * (and with it the conversion's idempotency key) rolls back. A pixel conversion also counts in the
 * counter's `pixel_count`, so the operator sees how much of a cap pixels filled. Returns the
 * 90 % / 100 % thresholds this conversion crossed.
 */
export async function countCaps(
  trx: Db,
  offer: CachedOffer,
  publisherId: number,
  at: Date,
  pixel = false,
): Promise<CapCrossing[]> {
  const scope = offer.capScope === 'publisher' ? publisherId : 0;
  const crossings: CapCrossing[] = [];
  const caps: ['day' | 'month', number | null, string][] = [
    ['day', offer.dailyCap, utcDay(at)],
    ['month', offer.monthlyCap, utcMonth(at)],
  ];
  for (const [period, cap, periodStart] of caps) {
    if (!cap) continue;
    const count = await trackingRepository.incrementCap(trx, {
      offerId: offer.id,
      scope,
      period,
      periodStart,
      cap,
      pixel,
    });
    if (count === undefined) throw new CapReachedError(`${period} cap reached`);
    const ninety = Math.ceil(cap * 0.9);
    if (count === cap) crossings.push({ period, periodStart, scopePublisherId: scope, level: 100, count, cap });
    else if (count === ninety) crossings.push({ period, periodStart, scopePublisherId: scope, level: 90, count, cap });
  }
  return crossings;
}

/**
 * Tells publishers that a cap filled to 90 % or 100 % (campaign_90_cap / campaign_reach_cap),
 * once per offer, period and level. A per-publisher cap concerns that publisher; a global one every
 * publisher with conversions on the offer in that period.
 */
export async function notifyCapCrossings(ctx: AppContext, offer: CachedOffer, crossings: CapCrossing[]): Promise<void> {
  for (const c of crossings) {
    let publishers: number[];
    if (c.scopePublisherId !== 0) publishers = [c.scopePublisherId];
    else
      publishers = await trackingRepository.publishersConvertedSince(
        ctx.db,
        offer.id,
        new Date(`${c.periodStart}T00:00:00Z`),
      );
    const kind = c.level === 100 ? 'campaign_reach_cap' : 'campaign_90_cap';
    const what = c.period === 'day' ? 'daily' : 'monthly';
    const summary =
      c.level === 100 ? `Offer cap has been reached: ${offer.name}` : `Offer 90 percent cap reached: ${offer.name}`;
    const description =
      c.level === 100
        ? `<p>The ${what} conversion cap of <strong>${escapeHtml(offer.name)}</strong> (${c.cap}) has been reached. New clicks go to the fallback page until the cap resets.</p>`
        : `<p><strong>${escapeHtml(offer.name)}</strong> has used ${c.count} of its ${what} conversion cap of ${c.cap}.</p>`;
    for (const publisherId of publishers) {
      await notificationsService.notifyAutomatic(ctx, {
        publisherId,
        kind,
        dedupKey: `${kind}:${offer.id}:${c.period}:${c.periodStart}`,
        summary,
        description,
        urgent: c.level === 100,
        offerId: offer.id,
      });
    }
  }
}

/** A cap's count in its current period, and how much of it came from pixel conversions. */
export interface CapFill {
  offerId: number;
  offerName: string;
  period: 'day' | 'month';
  periodStart: string;
  /** null: the offer's cap over all publishers; else the publisher a per-publisher cap counts. */
  publisherId: number | null;
  count: number;
  cap: number;
  pixelCount: number;
}

/**
 * The caps counting anything in the current UTC day and month (an offer's, or every capped
 * offer's), fullest first: the operator sees which are full and how much pixels filled.
 */
export async function capStatus(db: Db, f: { at?: Date; offerId?: number; limit?: number } = {}): Promise<CapFill[]> {
  const at = f.at ?? new Date();
  const rows = await trackingRepository.capStatus(db, {
    day: utcDay(at),
    month: utcMonth(at),
    limit: f.limit ?? 1000,
    ...(f.offerId ? { offerId: f.offerId } : {}),
  });
  return rows.map((r) => ({
    offerId: r.offer_id,
    offerName: r.offer_name,
    period: r.period,
    periodStart: r.period_start,
    publisherId: r.publisher_id === 0 ? null : r.publisher_id,
    count: r.count,
    cap: r.cap,
    pixelCount: r.pixel_count,
  }));
}
