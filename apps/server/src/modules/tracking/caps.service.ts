import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/types.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { utcDay, utcMonth } from './tracking-cache.ts';
import { escapeHtml, notifyPublisher } from './notify.ts';

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
 * (and with it the conversion's idempotency key) rolls back. Returns the 90 % / 100 % thresholds
 * this conversion crossed.
 */
export async function countCaps(
  trx: Transaction<Database>,
  offer: CachedOffer,
  publisherId: number,
  at: Date,
): Promise<CapCrossing[]> {
  const scope = offer.capScope === 'publisher' ? publisherId : 0;
  const crossings: CapCrossing[] = [];
  const caps: ['day' | 'month', number | null, string][] = [
    ['day', offer.dailyCap, utcDay(at)],
    ['month', offer.monthlyCap, utcMonth(at)],
  ];
  for (const [period, cap, periodStart] of caps) {
    if (!cap) continue;
    const row = await sql<{ count: number }>`
      INSERT INTO cap_counters (offer_id, publisher_id, period, period_start, count)
      VALUES (${offer.id}, ${scope}, ${period}, ${periodStart}, 1)
      ON CONFLICT (offer_id, publisher_id, period, period_start)
        DO UPDATE SET count = cap_counters.count + 1 WHERE cap_counters.count < ${cap}
      RETURNING count`.execute(trx);
    const count = row.rows[0]?.count;
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
    else {
      const rows = await ctx.db
        .selectFrom('conversions')
        .select('publisher_id')
        .distinct()
        .where('offer_id', '=', offer.id)
        .where('created_at', '>=', new Date(`${c.periodStart}T00:00:00Z`))
        .execute();
      publishers = rows.map((r) => r.publisher_id);
    }
    const kind = c.level === 100 ? 'campaign_reach_cap' : 'campaign_90_cap';
    const what = c.period === 'day' ? 'daily' : 'monthly';
    const summary =
      c.level === 100 ? `Offer cap has been reached: ${offer.name}` : `Offer 90 percent cap reached: ${offer.name}`;
    const description =
      c.level === 100
        ? `<p>The ${what} conversion cap of <strong>${escapeHtml(offer.name)}</strong> (${c.cap}) has been reached. New clicks go to the fallback page until the cap resets.</p>`
        : `<p><strong>${escapeHtml(offer.name)}</strong> has used ${c.count} of its ${what} conversion cap of ${c.cap}.</p>`;
    for (const publisherId of publishers) {
      await notifyPublisher(ctx, {
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
