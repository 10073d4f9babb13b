import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ConversionRefusalReason, ConversionRefusalsTable, ConversionsTable } from '../../db/types.ts';

/**
 * The tracking engine's SQL: clicks as conversions look them up, conversions and their idempotency
 * keys, cap counters, refused calls and the monthly partitions. Postback deliveries have their own
 * (modules/postback-deliveries); click batches and rollups, and what a postback preview reads of
 * clicks and conversions, belong to the event store (modules/events).
 */

export type RefusalRow = Omit<Insertable<ConversionRefusalsTable>, 'id' | 'count'> & { created_at: Date };

export interface RefusalFilters {
  since: Date;
  reason?: ConversionRefusalReason;
  offerId?: number;
  limit: number;
}

/** The partition-pruning bounds of a row whose id (a UUIDv7) carries its millisecond. */
const sameMs = (at: Date) => [at, new Date(at.getTime() + 1)] as const;

export const trackingRepository = {
  /* ------------------------------------------------------------- clicks */

  /** The click with this tid, stored at this millisecond (one partition, one index lookup). */
  findClick(db: Db, tid: string, at: Date) {
    const [from, to] = sameMs(at);
    return db
      .selectFrom('clicks')
      .selectAll()
      .where('id', '=', tid)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirst();
  },

  /** The click with this tid, wherever it is stored. */
  /** Whether another click's conversion of the offer came from this address in the `windowMs` before `at`. */
  async conversionFromAddress(
    db: Db,
    offerId: number,
    ip: string,
    clickId: string,
    at: Date,
    windowMs: number,
  ): Promise<boolean> {
    const row = await db
      .selectFrom('conversions')
      .select('id')
      .where('offer_id', '=', offerId)
      .where('ip', '=', ip)
      .where('created_at', '>=', new Date(at.getTime() - windowMs))
      .where('created_at', '<=', at)
      .where('click_id', '<>', clickId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  findClickById: (db: Db, tid: string) =>
    db.selectFrom('clicks').selectAll().where('id', '=', tid).executeTakeFirstOrThrow(),

  async markClickConverted(db: Db, click: { id: string; created_at: Date }): Promise<void> {
    await db
      .updateTable('clicks')
      .set({ has_conversion: true })
      .where('id', '=', click.id)
      .where('created_at', '=', click.created_at)
      .execute();
  },

  /* ------------------------------------------------------------- conversions */

  findConversionKey: (db: Db, offerId: number, key: string) =>
    db
      .selectFrom('conversion_keys')
      .select(['conversion_id', 'click_id'])
      .where('offer_id', '=', offerId)
      .where('dedup_key', '=', key)
      .executeTakeFirst(),

  /** Inserts an idempotency key unless it is taken; answers whether this call inserted it. */
  async insertConversionKey(
    db: Db,
    k: { offerId: number; key: string; publisherId: number; conversionId: string; clickId: string | null },
  ): Promise<boolean> {
    const inserted = await db
      .insertInto('conversion_keys')
      .values({
        offer_id: k.offerId,
        dedup_key: k.key,
        publisher_id: k.publisherId,
        conversion_id: k.conversionId,
        click_id: k.clickId,
      })
      .onConflict((oc) => oc.columns(['offer_id', 'dedup_key']).doNothing())
      .returning('conversion_id')
      .executeTakeFirst();
    return inserted !== undefined;
  },

  /** Points a key at another conversion (an order id confirming a pixel's conversion). */
  async pointKeyAt(db: Db, offerId: number, key: string, conversionId: string): Promise<void> {
    await db
      .updateTable('conversion_keys')
      .set({ conversion_id: conversionId })
      .where('offer_id', '=', offerId)
      .where('dedup_key', '=', key)
      .execute();
  },

  async insertConversion(db: Db, row: Insertable<ConversionsTable>): Promise<void> {
    await db.insertInto('conversions').values(row).execute();
  },

  /** A conversion by id, stored at this millisecond (its id is a UUIDv7 of that time). */
  findConversionAt(db: Db, id: string, at: Date) {
    const [from, to] = sameMs(at);
    return db
      .selectFrom('conversions')
      .select(['id', 'source', 'adv_transaction_id'])
      .where('id', '=', id)
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirst();
  },

  findConversionById: (db: Db, id: string) =>
    db.selectFrom('conversions').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),

  async publishersConvertedSince(db: Db, offerId: number, since: Date): Promise<number[]> {
    const rows = await db
      .selectFrom('conversions')
      .select('publisher_id')
      .distinct()
      .where('offer_id', '=', offerId)
      .where('created_at', '>=', since)
      .execute();
    return rows.map((r) => r.publisher_id);
  },

  /* ------------------------------------------------------------- caps */

  /**
   * Counts one conversion against a cap counter, only while it is below the cap (so concurrent
   * conversions never overshoot). Answers the new count, or undefined when the cap is full.
   */
  async incrementCap(
    db: Db,
    c: { offerId: number; scope: number; period: 'day' | 'month'; periodStart: string; cap: number; pixel: boolean },
  ): Promise<number | undefined> {
    const pixel = c.pixel ? 1 : 0;
    const row = await sql<{ count: number }>`
      INSERT INTO cap_counters (offer_id, publisher_id, period, period_start, count, pixel_count)
      VALUES (${c.offerId}, ${c.scope}, ${c.period}, ${c.periodStart}, 1, ${pixel})
      ON CONFLICT (offer_id, publisher_id, period, period_start)
        DO UPDATE SET count = cap_counters.count + 1, pixel_count = cap_counters.pixel_count + ${pixel}
        WHERE cap_counters.count < ${c.cap}
      RETURNING count`.execute(db);
    return row.rows[0]?.count;
  },

  capCounters: (db: Db, offerId: number, sinceDay: string) =>
    db
      .selectFrom('cap_counters')
      .select(['publisher_id', 'period', 'period_start', 'count'])
      .where('offer_id', '=', offerId)
      .where('period_start', '>=', sinceDay)
      .execute(),

  /** The capped offers' counters of a day and a month, fullest first (what the operator sees). */
  async capStatus(db: Db, f: { day: string; month: string; offerId?: number; limit: number }) {
    const r = await sql<{
      offer_id: number;
      offer_name: string;
      period: 'day' | 'month';
      period_start: string;
      publisher_id: number;
      count: number;
      pixel_count: number;
      cap: number;
    }>`
      SELECT * FROM (
        SELECT c.offer_id, o.name AS offer_name, c.period, c.period_start::text AS period_start, c.publisher_id,
               c.count, c.pixel_count, CASE WHEN c.period = 'day' THEN o.daily_cap ELSE o.monthly_cap END AS cap
        FROM cap_counters c JOIN offers o ON o.id = c.offer_id
        WHERE ((c.period = 'day' AND c.period_start = ${f.day}) OR (c.period = 'month' AND c.period_start = ${f.month}))
          AND (${f.offerId ?? null}::integer IS NULL OR c.offer_id = ${f.offerId ?? null}::integer)
      ) s
      WHERE s.cap IS NOT NULL AND s.cap > 0
      ORDER BY s.count::float / s.cap DESC, s.offer_id, s.period, s.publisher_id
      LIMIT ${f.limit}`.execute(db);
    return r.rows.map((x) => ({
      ...x,
      count: Number(x.count),
      pixel_count: Number(x.pixel_count),
      cap: Number(x.cap),
    }));
  },

  /* ------------------------------------------------------------- refused calls */

  async insertRefusals(db: Db, rows: (RefusalRow & { count?: number })[]): Promise<void> {
    await db.insertInto('conversion_refusals').values(rows).execute();
  },

  /** Refusals since a time per reason (counts summed), most first. */
  refusalsByReason: (db: Db, since: Date) =>
    db
      .selectFrom('conversion_refusals')
      .where('created_at', '>=', since)
      .select(['reason', sql<number>`sum(count)::int`.as('refusals')])
      .groupBy('reason')
      .orderBy('refusals', 'desc')
      .orderBy('reason')
      .execute(),

  /** What the operator sees: refusals since a time, per reason (counts summed), and the latest rows. */
  async findRefusals(db: Db, f: RefusalFilters) {
    let q = db.selectFrom('conversion_refusals').where('created_at', '>=', f.since);
    if (f.reason) q = q.where('reason', '=', f.reason);
    if (f.offerId) q = q.where('offer_id', '=', f.offerId);
    const [byReason, latest] = await Promise.all([
      q
        .select(['reason', sql<number>`sum(count)::int`.as('refusals')])
        .groupBy('reason')
        .orderBy('refusals', 'desc')
        .execute(),
      q
        .select([
          'created_at',
          'reason',
          'source',
          'count',
          'ip',
          'tid',
          'offer_id',
          'publisher_id',
          'advertiser_id',
          'event_id',
          'adv_transaction_id',
        ])
        .orderBy('id', 'desc')
        .limit(f.limit)
        .execute(),
    ]);
    return { byReason, latest };
  },

  /* ------------------------------------------------------------- upkeep */

  async partitionExists(db: Db, name: string): Promise<boolean> {
    const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_class WHERE relname = ${name}`.execute(db);
    return Boolean(r.rows[0]?.n);
  },

  /** Creates a monthly partition (names and bounds come from the caller's dates, never a request). */
  async createPartition(db: Db, table: 'clicks' | 'conversions', suffix: string, start: Date, end: Date) {
    await sql
      .raw(
        `CREATE TABLE IF NOT EXISTS ${table}_${suffix} PARTITION OF ${table} FOR VALUES FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`,
      )
      .execute(db);
  },

  /** Unique-click windows opened before `before` (they can no longer decide anything). */
  async forgetUniqueWindows(db: Db, before: Date): Promise<void> {
    await db.deleteFrom('click_uniques').where('window_start', '<', before).execute();
  },
};
