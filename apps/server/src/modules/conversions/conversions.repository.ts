import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A conversion as the console shows it, with its publisher's and offer's names and its reversal. */
export interface AdminConversionRow {
  id: string;
  created_at: Date;
  click_id: string;
  publisher_id: number;
  publisher_name: string | null;
  offer_id: number;
  offer_name: string | null;
  event_id: number;
  event_type: 'conversion' | 'partial' | 'upsell';
  landing_page_id: number | null;
  payout: string | number;
  revenue: string | number;
  sale_amount: string | number | null;
  adv_transaction_id: string | null;
  adv_s1: string | null;
  adv_s2: string | null;
  adv_s3: string | null;
  adv_s4: string | null;
  adv_s5: string | null;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  s5: string | null;
  pub_click_id: string | null;
  pub_source: string | null;
  source: 'postback' | 'pixel';
  status: 'approved' | 'pending' | 'rejected' | 'reversed';
  status_reason: string | null;
  status_changed_at: Date | null;
  flags: string[] | null;
  approve_after: Date | null;
  ip: string | null;
  advertiser_id: number;
  reversed_at: Date | null;
  reversal_reason: string | null;
  reversal_actor: string | null;
  reversal_postbacks: number | null;
}

export interface ConversionFilters {
  tid: string | null;
  /** The click's time (a tid is a UUIDv7): its conversions are at or after it. */
  tidTime: Date | null;
  orderId: string | null;
  publisherId: number | null;
  offerId: number | null;
  status: 'pending' | 'approved' | 'rejected' | 'reversed' | null;
  between: [Date, Date] | null;
}

export const CONVERSION_SELECT = sql`
  SELECT c.id, c.created_at, c.click_id, c.publisher_id, p.name AS publisher_name, c.offer_id, o.name AS offer_name,
    c.event_id, c.event_type, c.landing_page_id, c.payout, c.revenue, c.sale_amount, c.adv_transaction_id,
    c.adv_s1, c.adv_s2, c.adv_s3, c.adv_s4, c.adv_s5, c.s1, c.s2, c.s3, c.s4, c.s5, c.pub_click_id, c.pub_source,
    c.source, c.status, c.status_reason, c.status_changed_at, c.flags, c.approve_after, c.ip, c.advertiser_id,
    r.created_at AS reversed_at, r.reason AS reversal_reason, r.actor AS reversal_actor,
    r.postbacks AS reversal_postbacks
  FROM conversions c
  LEFT JOIN publishers p ON p.id = c.publisher_id
  LEFT JOIN offers o ON o.id = c.offer_id
  LEFT JOIN conversion_reversals r ON r.conversion_id = c.id`;

/** The SQL of the Conversions area (conversions: migration 0030; reversals: 0075). */
export const conversionsRepository = {
  /**
   * A page of conversions, newest first: ids are UUIDv7, so ordering by id is ordering by time,
   * read backwards along each partition's primary key.
   */
  async page(db: Db, f: ConversionFilters, after: string | null, limit: number): Promise<AdminConversionRow[]> {
    const where = [sql`true`];
    if (f.tid) where.push(sql`c.click_id = ${f.tid}::uuid`);
    if (f.tidTime) where.push(sql`c.created_at >= ${f.tidTime}`);
    if (f.orderId) where.push(sql`c.adv_transaction_id = ${f.orderId}`);
    if (f.publisherId != null) where.push(sql`c.publisher_id = ${f.publisherId}`);
    if (f.offerId != null) where.push(sql`c.offer_id = ${f.offerId}`);
    if (f.status) where.push(sql`c.status = ${f.status}`);
    if (f.between) where.push(sql`c.created_at >= ${f.between[0]} AND c.created_at < ${f.between[1]}`);
    if (after) where.push(sql`c.id < ${after}::uuid`);
    const { rows } = await sql<AdminConversionRow>`${CONVERSION_SELECT}
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY c.id DESC LIMIT ${limit + 1}`.execute(db);
    return rows;
  },

  /** One conversion, not locked (to know its publisher before the locks are taken). */
  async find(db: Db, id: string, at: Date | null): Promise<AdminConversionRow | undefined> {
    const when = at ? sql`AND c.created_at >= ${at} AND c.created_at < ${new Date(at.getTime() + 1)}` : sql``;
    const { rows } = await sql<AdminConversionRow>`${CONVERSION_SELECT} WHERE c.id = ${id}::uuid ${when}`.execute(db);
    return rows[0];
  },

  /**
   * One conversion, locked for the reversal; `at` (a UUIDv7 id's time, which is the conversion's)
   * names its partition, else every partition's primary key is looked up.
   */
  async findForUpdate(db: Db, id: string, at: Date | null): Promise<AdminConversionRow | undefined> {
    const when = at ? sql`AND c.created_at >= ${at} AND c.created_at < ${new Date(at.getTime() + 1)}` : sql``;
    const { rows } = await sql<AdminConversionRow>`${CONVERSION_SELECT}
      WHERE c.id = ${id}::uuid ${when}
      FOR UPDATE OF c`.execute(db);
    return rows[0];
  },

  /** Marks it reversed; false when it was not approved any more (a concurrent reversal). */
  async markReversed(db: Db, id: string, createdAt: Date): Promise<boolean> {
    const r = await db
      .updateTable('conversions')
      .set({ status: 'reversed' })
      .where('id', '=', id)
      .where('created_at', '=', createdAt)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  insertReversal: (
    db: Db,
    row: {
      conversion_id: string;
      conversion_created_at: Date;
      publisher_id: number;
      offer_id: number;
      event_type: 'conversion' | 'partial' | 'upsell';
      payout: number;
      revenue: number;
      reason: string;
      operator_id: number | null;
      actor: string;
      postbacks: number;
    },
  ) =>
    db
      .insertInto('conversion_reversals')
      .values(row)
      .onConflict((oc) => oc.column('conversion_id').doNothing())
      .returning('id')
      .executeTakeFirst(),

  /** The publisher's name and who referred them (for the referrer's commission). */
  publisher: (db: Db, id: number) =>
    db.selectFrom('publishers').select(['id', 'name', 'referrer_publisher_id']).where('id', '=', id).executeTakeFirst(),
};
