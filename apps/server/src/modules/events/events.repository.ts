import { sql, type RawBuilder } from 'kysely';
import { PREPARED, type Db } from '../../db/database.ts';
import { writeOutBatches, type BatchTake } from './click-batches.repository.ts';

/**
 * The SQL of the event store (docs/reports.md): the rollups every event is counted in, the queue
 * conversions wait in, and the settling statement that writes stored click batches out and adds
 * everything queued to the rollups.
 *
 * Each event is counted in three rollups (migrations 0040, 0043) at three grains (15-minute, UTC
 * hour, UTC day buckets; the sub-ID rollup only the last two):
 *   report_publisher_rollups (publisher)                         daily/hourly reports, totals
 *   report_rollups           (publisher, offer, landing page)   campaign and landing-page reports
 *   report_subid_rollups     (publisher, sub ID = s1)           sub-ID report
 *
 * The publisher rollup also sums `revenue` (what the advertisers pay, migration 0076), which the
 * network's figures read; the other two keep the publisher's metrics only.
 *
 * `rollupCtes(source)` is the one place these rules live: SQL that groups the events of a CTE named
 * `source` and upserts the three rollups. Rows are upserted in key order so concurrent writers lock
 * them in the same order.
 */

/** The columns a source CTE of `rollupCtes` carries, one row per event. */
export interface RollupEvent {
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  s1: string | null;
  clicks: number;
  clicks_unique: number;
  conversions: number;
  partials: number;
  upsells: number;
  earnings: number;
  /** What the advertiser pays for it (0 for a click). */
  revenue: number;
}

const GRAINS = `(VALUES (1::int2, interval '15 minutes'), (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)`;
/** The sub-ID rollup has no 15-minute rows: they would hold about one row per click, and the
 * quarter-hours at a range's edges (zones at :30 and :45 only) are read from the raw rows. */
const SUB_GRAINS = `(VALUES (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)`;
const BIN = `date_bin(g.width, e.created_at, timestamptz '2000-01-01 00:00:00+00')`;
const METRICS = 'clicks, clicks_unique, conversions, partials, upsells, earnings';
const SUMS =
  'sum(e.clicks), sum(e.clicks_unique), sum(e.conversions), sum(e.partials), sum(e.upsells), sum(e.earnings)';
const ADD =
  'DO UPDATE SET clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique, ' +
  'conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials, ' +
  'upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings';
/** The publisher rollup's extra metric. */
const ADD_REVENUE = `${ADD}, revenue = r.revenue + EXCLUDED.revenue`;

/** CTEs (to follow `WITH source AS (…),`) that add the source's events to the three rollups. */
export function rollupCtes(source: string): RawBuilder<unknown> {
  return sql.raw(`
    rollup_publisher AS (
      INSERT INTO report_publisher_rollups AS r (publisher_id, grain, bucket, ${METRICS}, revenue)
      SELECT e.publisher_id, g.grain, ${BIN}, ${SUMS}, sum(e.revenue) FROM ${source} e CROSS JOIN ${GRAINS}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (publisher_id, grain, bucket) ${ADD_REVENUE}
    ),
    rollup_offer AS (
      INSERT INTO report_rollups AS r (publisher_id, grain, bucket, offer_id, landing_page_id, ${METRICS})
      SELECT e.publisher_id, g.grain, ${BIN}, e.offer_id, coalesce(e.landing_page_id, 0), ${SUMS} FROM ${source} e CROSS JOIN ${GRAINS}
      GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (publisher_id, grain, bucket, offer_id, landing_page_id) ${ADD}
    ),
    rollup_sub AS (
      INSERT INTO report_subid_rollups AS r (publisher_id, grain, bucket, sub_id, ${METRICS})
      SELECT e.publisher_id, g.grain, ${BIN}, coalesce(e.s1, ''), ${SUMS} FROM ${source} e CROSS JOIN ${SUB_GRAINS}
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, coalesce(e.s1, '') COLLATE "C" -- any fixed order will do; "C" is the cheapest
      ON CONFLICT (publisher_id, grain, bucket, sub_id) ${ADD}
    )`);
}

/** Queue rows (conversions; on PGlite also written-through click batches) one settling statement takes at most. */
export const SETTLE_QUEUED = 2000;

/**
 * One settling statement: the batches `take` names written out (`writeOutBatches`) and, with
 * `queue`, a share of the queued rollup counts, all added to the rollups.
 */
export function settleStatement(take: BatchTake, queue: boolean) {
  const queued = queue
    ? sql`DELETE FROM report_rollup_queue
        WHERE ctid = ANY (ARRAY(SELECT ctid FROM report_rollup_queue LIMIT ${sql.raw(String(SETTLE_QUEUED))} FOR UPDATE))
        RETURNING *`
    : sql`SELECT * FROM report_rollup_queue WHERE false`;
  return sql<{ batches: number; queued: number }>`${sql.raw(PREPARED)}
    WITH ${writeOutBatches(take)},
    queued AS (${queued}),
    -- Grouped by quarter-hour first: a second of a busy publisher's events holds far fewer keys
    -- than events, and the three rollups' upserts then read the grouped rows.
    ev AS (
      SELECT date_bin(interval '15 minutes', s.created_at, timestamptz '2000-01-01 00:00:00+00') AS created_at,
        s.publisher_id, s.offer_id, s.landing_page_id, s.s1, count(*) AS clicks, count(*) FILTER (WHERE s.is_unique) AS clicks_unique,
        0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings, 0::numeric AS revenue
      FROM stored s
      GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT date_bin(interval '15 minutes', e.t, timestamptz '2000-01-01 00:00:00+00'),
        e.p, e.o, e.l, e.s,
        count(*) FILTER (WHERE e.k IS NULL), count(*) FILTER (WHERE e.u),
        count(*) FILTER (WHERE e.k = 'conversion'), count(*) FILTER (WHERE e.k = 'partial'),
        count(*) FILTER (WHERE e.k = 'upsell'), coalesce(sum(e.m), 0), coalesce(sum(e.r), 0)
      FROM queued CROSS JOIN LATERAL unnest(queued.publisher_ids, queued.offer_ids, queued.landing_page_ids, queued.sub_ids,
        queued.created_at, queued.uniques, queued.event_types, queued.earnings, queued.revenues) AS e(p, o, l, s, t, u, k, m, r)
      GROUP BY 1, 2, 3, 4, 5
    ),
    ${rollupCtes('ev')}
    SELECT (SELECT count(*) FROM batches)::int AS batches, (SELECT count(*) FROM queued)::int AS queued`;
}

const sqlState = (err: unknown) => (err as { code?: unknown }).code;

/**
 * The raw events of the rows `where` selects — clicks and approved conversions — in the columns of
 * a `rollupCtes` source (rebuilds, and the reports the rollups cannot answer).
 */
export function rawEvents(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 1 AS clicks, is_unique::int AS clicks_unique,
      0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings, 0::numeric AS revenue
    FROM clicks WHERE ${where}
    UNION ALL
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 0, 0, (event_type = 'conversion')::int,
      (event_type = 'partial')::int, (event_type = 'upsell')::int, payout, revenue
    FROM conversions WHERE ${where} AND status = 'approved'`;
}

/** Adds events to the rollups in one statement (inside the caller's transaction, if any). */
async function applyEvents(db: Db, events: RollupEvent[]): Promise<void> {
  if (events.length === 0) return;
  const col = <K extends keyof RollupEvent>(k: K) => events.map((e) => e[k]);
  await sql`
    WITH ev AS (
      SELECT * FROM unnest(${events.map((e) => e.created_at.toISOString())}::timestamptz[], ${col('publisher_id')}::int[],
        ${col('offer_id')}::int[], ${col('landing_page_id')}::int[], ${col('s1')}::text[], ${col('clicks')}::int[],
        ${col('clicks_unique')}::int[], ${col('conversions')}::int[], ${col('partials')}::int[], ${col('upsells')}::int[],
        ${events.map((e) => Number(e.earnings).toFixed(4))}::numeric[], ${events.map((e) => Number(e.revenue).toFixed(4))}::numeric[])
        AS e(created_at, publisher_id, offer_id, landing_page_id, s1, clicks, clicks_unique, conversions, partials, upsells, earnings, revenue)
    ),
    ${rollupCtes('ev')}
    SELECT 1`.execute(db);
}

export interface IngestedClick {
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  is_unique: boolean;
  s1: string | null;
}

export interface IngestedConversion {
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  event_type: 'conversion' | 'partial' | 'upsell';
  payout: number;
  /** What the advertiser pays for it (`conversions.revenue`); 0 when absent. */
  revenue?: number;
  s1: string | null;
  /** Only approved conversions count in reports; absent means approved. */
  status?: 'approved' | 'pending' | 'rejected';
}

export type SettleCounts = { batches: number; queued: number };

async function changeConversions(db: Db, cs: IngestedConversion[], sign: 1 | -1): Promise<void> {
  await applyEvents(
    db,
    cs.map((c) => ({
      created_at: c.created_at,
      publisher_id: c.publisher_id,
      offer_id: c.offer_id,
      landing_page_id: c.landing_page_id,
      s1: c.s1,
      clicks: 0,
      clicks_unique: 0,
      conversions: c.event_type === 'conversion' ? sign : 0,
      partials: c.event_type === 'partial' ? sign : 0,
      upsells: c.event_type === 'upsell' ? sign : 0,
      earnings: sign * Number(c.payout),
      revenue: sign * Number(c.revenue ?? 0),
    })),
  );
}

export const eventsRepository = {
  /**
   * Whether anything waits to be settled. Most reads find nothing: a look costs a tenth of a
   * settling statement. Rows another settle is taking are still seen until it commits.
   */
  async hasWaiting(db: Db): Promise<boolean> {
    const waiting = await sql<{ any: boolean }>`${sql.raw(PREPARED)}
    SELECT EXISTS (SELECT 1 FROM click_batches) OR EXISTS (SELECT 1 FROM report_rollup_queue) AS any`.execute(db);
    return Boolean(waiting.rows[0]?.any);
  },

  /** Runs one settling statement (`settleStatement`); a deadlock is retried once. */
  async settle(db: Db, take: BatchTake, queue: boolean): Promise<SettleCounts> {
    const run = async () => (await settleStatement(take, queue).execute(db)).rows[0] ?? { batches: 0, queued: 0 };
    try {
      return await run();
    } catch (err) {
      // Settles lock rows in key order, but a deadlock with another writer of unique windows or
      // rollups (a rebuild, a bulk load) cannot be ruled out; the statement is atomic: run it again.
      if (sqlState(err) === '40P01') return run();
      throw err;
    }
  },

  /** The ids of the oldest stored batches, at most `limit`. */
  async storedBatchIds(db: Db, limit: number): Promise<number[]> {
    const rows = await db.selectFrom('click_batches').select('id').orderBy('id').limit(limit).execute();
    return rows.map((r) => r.id);
  },

  /** Moves a stored batch to `click_batches_rejected` with the reason; false if it was gone. */
  async setAsideBatch(db: Db, id: number, reason: string): Promise<boolean> {
    const moved = await sql<{ id: number }>`
        WITH taken AS (DELETE FROM click_batches WHERE id = ${id} RETURNING id, clicks, fallbacks)
        INSERT INTO click_batches_rejected (id, error, clicks, fallbacks) SELECT id, ${reason}, clicks, fallbacks FROM taken
        RETURNING id`.execute(db);
    return moved.rows.length > 0;
  },

  /** Counts stored clicks at once (bulk loads and fixtures). */
  async addClicks(db: Db, clicks: IngestedClick[]): Promise<void> {
    await applyEvents(
      db,
      clicks.map((c) => ({
        ...c,
        clicks: 1,
        clicks_unique: c.is_unique ? 1 : 0,
        conversions: 0,
        partials: 0,
        upsells: 0,
        earnings: 0,
        revenue: 0,
      })),
    );
  },

  /**
   * Takes a reversed conversion out of the rollups at once, in the caller's transaction: its count,
   * earnings and revenue subtracted in the buckets of its own time (docs/reports.md, Reversals). Added
   * straight to the rollups, not queued: a reversal is rare, and adding is the same whether or not
   * the conversion's own counts were settled yet.
   */
  async subtractConversion(db: Db, c: IngestedConversion): Promise<void> {
    await changeConversions(db, [c], -1);
  },

  /**
   * Adds (`sign` 1: a late approval) or takes out (-1: a rejection or reversal of an approved one)
   * conversions at once, in the caller's transaction, in the buckets of each one's own time.
   */
  changeConversions: (db: Db, cs: IngestedConversion[], sign: 1 | -1): Promise<void> => changeConversions(db, cs, sign),

  /** Queues one approved conversion's counts, in the caller's transaction. */
  async queueConversion(db: Db, c: IngestedConversion): Promise<void> {
    await db
      .insertInto('report_rollup_queue')
      .values({
        publisher_ids: [c.publisher_id],
        offer_ids: [c.offer_id],
        landing_page_ids: [c.landing_page_id],
        sub_ids: [c.s1],
        created_at: [c.created_at],
        uniques: [false],
        event_types: [c.event_type],
        earnings: [Number(c.payout)],
        revenues: [Number(c.revenue ?? 0)],
      })
      .execute();
  },

  /** The publisher's latest conversion (a postback preview renders against it). */
  latestConversionOf: (db: Db, publisherId: number) =>
    db
      .selectFrom('conversions')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst(),

  /** The click a conversion belongs to (its id and time as the conversion keeps them). */
  findClickOf: (db: Db, conversion: { click_id: string; click_created_at: Date | string }) =>
    db
      .selectFrom('clicks')
      .selectAll()
      .where('id', '=', conversion.click_id)
      .where('created_at', '=', new Date(conversion.click_created_at))
      .executeTakeFirstOrThrow(),

  /** Publishers with clicks on an offer in the day buckets from `since` on. */
  async publishersWithClicks(db: Db, offerId: number, since: Date): Promise<number[]> {
    const rows = await db
      .selectFrom('report_rollups')
      .select('publisher_id')
      .distinct()
      .where('grain', '=', 3)
      .where('offer_id', '=', offerId)
      .where('bucket', '>=', since)
      .where('clicks', '>', 0)
      .execute();
    return rows.map((r) => r.publisher_id);
  },

  /** Empties the rollups of `[from, to)` (of one publisher, if given). */
  async deleteRollups(db: Db, from: Date, to: Date, publisherId?: number): Promise<void> {
    const pub = publisherId == null ? sql`` : sql`AND publisher_id = ${publisherId}`;
    for (const table of ['report_publisher_rollups', 'report_rollups', 'report_subid_rollups'] as const) {
      await sql`DELETE FROM ${sql.table(table)} WHERE bucket >= ${from} AND bucket < ${to} ${pub}`.execute(db);
    }
  },

  /** Adds the raw events of `[from, to)` (of one publisher, if given) to the rollups. */
  async addRawEvents(db: Db, from: Date, to: Date, publisherId?: number): Promise<void> {
    const pub = publisherId == null ? sql`` : sql`AND publisher_id = ${publisherId}`;
    await sql`
      WITH ev AS (${rawEvents(sql`created_at >= ${from} AND created_at < ${to} ${pub}`)}),
      ${rollupCtes('ev')}
      SELECT 1`.execute(db);
  },
};
