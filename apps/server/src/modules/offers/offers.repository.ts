import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

/**
 * A publisher may run an offer when it is public or granted to them (publisher_offers). Every
 * query of this module goes through this predicate; anything else does not exist for the caller.
 */
export const runnableBy = (publisherId: number) => (eb: ExpressionBuilder<Database, 'offers'>) =>
  eb.or([
    eb('offers.is_public', '=', true),
    eb.exists(
      eb
        .selectFrom('publisher_offers')
        .select(sql`1`.as('one'))
        .whereRef('publisher_offers.offer_id', '=', 'offers.id')
        .where('publisher_offers.publisher_id', '=', publisherId),
    ),
  ]);

/** Whether the publisher holds a grant of the offer. */
const grantedTo = (publisherId: number) => (eb: ExpressionBuilder<Database, 'offers'>) =>
  eb.exists(
    eb
      .selectFrom('publisher_offers')
      .select(sql`1`.as('one'))
      .whereRef('publisher_offers.offer_id', '=', 'offers.id')
      .where('publisher_offers.publisher_id', '=', publisherId),
  );

/**
 * What a publisher sees: what they may run, and approval-required offers, which they run once
 * granted (until then their status shows as pending and they may ask for access).
 */
export const visibleTo = (publisherId: number) => (eb: ExpressionBuilder<Database, 'offers'>) =>
  eb.or([runnableBy(publisherId)(eb), eb('offers.visibility', '=', 'approval_required')]);

const offerColumns = [
  'offers.id',
  'offers.name',
  'offers.status',
  'offers.description',
  'offers.preview_url',
  'offers.expire_date',
  'offers.geos',
  'offers.tags',
  'offers.payout',
  'offers.payout_type',
  'offers.conversion_method',
  'offers.created_at',
] as const;

export interface CampaignRowDb {
  id: number;
  name: string;
  status: 'active' | 'ready' | 'paused' | 'expired' | 'pending';
  payout: number;
  payout_type: 'cpa' | 'revshare';
  preview_url: string | null;
  clicks: number;
  clicks_unique: number;
  epc: number;
  earnings: number;
  sort_key: string;
}

export const offersRepository = {
  findRunnable: (db: Db, publisherId: number, offerId: number) =>
    db
      .selectFrom('offers')
      .select(offerColumns)
      .where('offers.id', '=', offerId)
      .where(runnableBy(publisherId))
      .executeTakeFirst(),

  /** An offer the publisher sees, with whether they may run it. */
  findVisible: (db: Db, publisherId: number, offerId: number) =>
    db
      .selectFrom('offers')
      .select(offerColumns)
      .select((eb) => eb.or([eb('offers.is_public', '=', true), grantedTo(publisherId)(eb)]).as('runnable'))
      .where('offers.id', '=', offerId)
      .where(visibleTo(publisherId))
      .executeTakeFirst(),

  creatives: (db: Db, offerId: number) =>
    db
      .selectFrom('creatives')
      .select(['id', 'name', 'type', 'url'])
      .where('offer_id', '=', offerId)
      .orderBy('id')
      .execute(),

  landingPages: (db: Db, offerId: number) =>
    db
      .selectFrom('landing_pages')
      .select(['id', 'name', 'url', 'is_default'])
      .where('offer_id', '=', offerId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),

  events: (db: Db, offerId: number) =>
    db
      .selectFrom('offer_events')
      .select(['id', 'name', 'event_type'])
      .where('offer_id', '=', offerId)
      .orderBy('id')
      .execute(),

  findEvent: (db: Db, offerId: number, eventId: number) =>
    db
      .selectFrom('offer_events')
      .select(['id', 'name', 'event_type'])
      .where('offer_id', '=', offerId)
      .where('id', '=', eventId)
      .executeTakeFirst(),

  /** Offers for pickers, in keyset order. */
  async list(
    db: Db,
    publisherId: number,
    opts: { keyset: Keyset; limit: number; search: string | null; statuses: string[] | null },
  ) {
    let q = db
      .selectFrom('offers')
      .select([...offerColumns, sql<string>`${opts.keyset.key.expr}::text`.as('sort_key')])
      .where(runnableBy(publisherId))
      .where(keysetWhere(opts.keyset))
      .orderBy(keysetOrder(opts.keyset))
      .limit(opts.limit + 1);
    if (opts.statuses && opts.statuses.length > 0) q = q.where('offers.status', 'in', opts.statuses as never[]);
    if (opts.search) q = q.where(searchCondition(opts.search));
    return q.execute();
  },

  /**
   * My Offers: every offer the publisher sees (an approval-required one not granted yet shows as
   * pending) with the publisher's clicks, unique clicks, earnings (approved conversions) and EPC
   * (earnings over all clicks) over the range; `metrics` is the per-offer rollup subquery of the reports
   * (`offerMetrics`), so a busy publisher's 90 days read a few thousand rows, not every click.
   */
  async campaignTable(
    db: Db,
    publisherId: number,
    opts: { metrics: RawBuilder<unknown>; keyset: Keyset; limit: number; search: string | null },
  ): Promise<CampaignRowDb[]> {
    const search = opts.search ? sql`AND ${searchCondition(opts.search)}` : sql``;
    const result = await sql<CampaignRowDb>`
      WITH m AS (
        SELECT offers.id, offers.name,
               (CASE WHEN offers.is_public OR EXISTS (
                  SELECT 1 FROM publisher_offers po WHERE po.offer_id = offers.id AND po.publisher_id = ${publisherId}
                ) THEN offers.status ELSE 'pending' END) AS status,
               offers.payout, offers.payout_type, offers.preview_url,
               coalesce(c.clicks, 0)::int AS clicks,
               coalesce(c.clicks_unique, 0)::int AS clicks_unique,
               coalesce(c.earnings, 0)::numeric(14, 4) AS earnings
        FROM offers
        LEFT JOIN ${opts.metrics} c ON c.offer_id = offers.id
        WHERE (offers.is_public OR offers.visibility = 'approval_required' OR EXISTS (
          SELECT 1 FROM publisher_offers po WHERE po.offer_id = offers.id AND po.publisher_id = ${publisherId}
        )) ${search}
      ), r AS (
        SELECT m.*, (CASE WHEN clicks > 0 THEN round(earnings / clicks, 4) ELSE 0 END)::numeric(14, 4) AS epc FROM m
      )
      SELECT r.id, r.name, r.status, r.payout, r.payout_type, r.preview_url, r.clicks, r.clicks_unique, r.earnings, r.epc,
             (${opts.keyset.key.expr})::text AS sort_key
      FROM r
      WHERE ${keysetWhere(opts.keyset)}
      ORDER BY ${keysetOrder(opts.keyset)}
      LIMIT ${opts.limit + 1}
    `.execute(db);
    return result.rows;
  },
};

/** Name contains the text (case-insensitive), or the id is the number typed. */
function searchCondition(text: string): RawBuilder<boolean> {
  const byId = /^\d{1,9}$/.test(text) ? sql`OR offers.id = ${Number(text)}` : sql``;
  return sql<boolean>`(offers.name ILIKE ${containsPattern(text)} ESCAPE '\\' ${byId})`;
}
