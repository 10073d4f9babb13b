import { sql, type RawBuilder } from 'kysely';
import { databaseKind, PREPARED, type Db } from '../../db/database.ts';
import { writeOutBatches, type BatchTake } from '../tracking/click-batches.ts';

/**
 * How events reach the report rollups (docs/production.md).
 *
 * Each event is counted in three rollups (migrations 0040, 0043) at three grains (15-minute, UTC
 * hour, UTC day buckets; the sub-ID rollup only the last two):
 *   report_publisher_rollups (publisher)                         daily/hourly reports, totals
 *   report_rollups           (publisher, offer, landing page)   campaign and landing-page reports
 *   report_subid_rollups     (publisher, sub ID = s1)           sub-ID report
 *
 * `rollupCtes(source)` is the one place these rules live: SQL that groups the events of a CTE named
 * `source` and upserts the three rollups. Rows are upserted in key order so concurrent writers lock
 * them in the same order.
 *
 * The tracking engine's events reach them through `settleEvents`: a click batch is stored as one
 * row (`click_batches`, migration 0046) and a conversion's transaction queues the conversion
 * (`report_rollup_queue`, migration 0044; on PGlite a click batch is written out at once and queues
 * its counts there too); the settle takes both, writes the batches' clicks out (`writeOutBatches`:
 * unique windows, click rows, fallbacks) and adds everything to the rollups, in statements of a
 * bounded share — about a second after a click batch, and before every read of clicks or rollups,
 * so a report still counts every event committed before it was asked for. Doing this a second's
 * worth at a time is what keeps a durable click cheap (bench/README.md, tracking), and conversions
 * never wait for each other's locks on a busy publisher's rollup rows.
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

/** CTEs (to follow `WITH source AS (…),`) that add the source's events to the three rollups. */
export function rollupCtes(source: string): RawBuilder<unknown> {
  return sql.raw(`
    rollup_publisher AS (
      INSERT INTO report_publisher_rollups AS r (publisher_id, grain, bucket, ${METRICS})
      SELECT e.publisher_id, g.grain, ${BIN}, ${SUMS} FROM ${source} e CROSS JOIN ${GRAINS}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (publisher_id, grain, bucket) ${ADD}
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

/**
 * A CTE (to follow `WITH …,`) that queues the clicks of a CTE `source` (with the columns of
 * `clicks`) for the rollups: one queue row whose parallel arrays hold a click each. For clicks
 * written out on the click's own path (PGlite: see `ClickWriter`), which the settle then counts.
 */
export function queueClicks(source: string): RawBuilder<unknown> {
  return sql.raw(`
    rollup_queued AS (
      INSERT INTO report_rollup_queue (publisher_ids, offer_ids, landing_page_ids, sub_ids, created_at, uniques)
      SELECT array_agg(publisher_id), array_agg(offer_id), array_agg(landing_page_id), array_agg(s1), array_agg(created_at), array_agg(is_unique)
      FROM ${source}
      HAVING count(*) > 0
    )`);
}

/**
 * Stored click batches and queue rows (conversions; on PGlite also written-through click batches)
 * one settling statement takes at most. On PostgreSQL a second of heavy traffic (a few hundred
 * batches) fits one statement, since every statement pays again for the rollup rows it updates; on
 * PGlite a share is a few tens of milliseconds of the server's thread.
 */
const SETTLE_BATCHES = { postgres: 400, pglite: 25 } as const;
const SETTLE_QUEUED = 2000;

/** Where the settle reports a click batch it had to set aside (the app's logger). */
export interface SettleLog {
  error(obj: object, msg: string): void;
}

/**
 * One settling statement: the batches `take` names written out (`writeOutBatches`) and, with
 * `queue`, a share of the queued rollup counts, all added to the rollups.
 */
function settleStatement(take: BatchTake, queue: boolean) {
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
        0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings
      FROM stored s
      GROUP BY 1, 2, 3, 4, 5
      UNION ALL
      SELECT date_bin(interval '15 minutes', e.t, timestamptz '2000-01-01 00:00:00+00'),
        e.p, e.o, e.l, e.s,
        count(*) FILTER (WHERE e.k IS NULL), count(*) FILTER (WHERE e.u),
        count(*) FILTER (WHERE e.k = 'conversion'), count(*) FILTER (WHERE e.k = 'partial'),
        count(*) FILTER (WHERE e.k = 'upsell'), coalesce(sum(e.m), 0)
      FROM queued CROSS JOIN LATERAL unnest(queued.publisher_ids, queued.offer_ids, queued.landing_page_ids, queued.sub_ids,
        queued.created_at, queued.uniques, queued.event_types, queued.earnings) AS e(p, o, l, s, t, u, k, m)
      GROUP BY 1, 2, 3, 4, 5
    ),
    ${rollupCtes('ev')}
    SELECT (SELECT count(*) FROM batches)::int AS batches, (SELECT count(*) FROM queued)::int AS queued`;
}

async function settleOnce(db: Db, take: BatchTake, queue: boolean): Promise<{ batches: number; queued: number }> {
  const run = async () => (await settleStatement(take, queue).execute(db)).rows[0] ?? { batches: 0, queued: 0 };
  try {
    return await run();
  } catch (err) {
    // Settles lock rows in key order, but a deadlock with another writer of unique windows or
    // rollups (a rebuild, a bulk load) cannot be ruled out; the statement is atomic: run it again.
    if (sqlState(err) === '40P01') return run();
    throw err;
  }
}

const sqlState = (err: unknown) => (err as { code?: unknown }).code;
/** A value a column refuses (class 22) or a constraint (class 23): the same statement fails again. */
const isRefused = (err: unknown) => /^2[23]/.test(String(sqlState(err) ?? ''));

/**
 * Writes out every stored click batch (`writeOutBatches`) and adds its clicks and every queued
 * conversion to the rollups. Each statement takes a bounded share — so a backlog (after an outage,
 * say) is worked off in statements of known size, and on PGlite, which runs a statement on the
 * server's own thread, clicks are answered between them — and the DELETEs that take the rows commit
 * with the writes, so each is applied once however many processes settle at the same time: rows
 * another settle has locked are waited for, then skipped as gone. Statements follow each other
 * until one finds less than its share, so a settle returns only after everything committed before
 * it (and any settle already under way) is applied. Returns the number of batches and queue rows
 * applied. Everything that reads clicks, unique windows or rollups calls it first.
 *
 * A statement refused for its data (a value a column cannot hold) would be refused every time and
 * hold every later click back: then each batch is tried alone, and one refused alone is set aside
 * in `click_batches_rejected` with the reason, logged, and kept for an operator.
 */
export async function settleEvents(db: Db, log?: SettleLog): Promise<number> {
  // Most reads find nothing waiting: a look costs a tenth of the statement below. Rows another
  // settle is taking are still seen here until it commits, so this never skips a settle under way.
  const waiting = await sql<{ any: boolean }>`${sql.raw(PREPARED)}
    SELECT EXISTS (SELECT 1 FROM click_batches) OR EXISTS (SELECT 1 FROM report_rollup_queue) AS any`.execute(db);
  if (!waiting.rows[0]?.any) return 0;
  const share = SETTLE_BATCHES[databaseKind(db)];
  let applied = 0;
  for (;;) {
    let r: { batches: number; queued: number };
    try {
      r = await settleOnce(db, { share }, true);
    } catch (err) {
      if (!isRefused(err)) throw err;
      const alone = await settleOneByOne(db, log);
      // Nothing was refused alone: the fault is not a batch's, so there is nothing to set aside.
      if (alone.setAside === 0) throw err;
      applied += alone.applied;
      continue;
    }
    applied += r.batches + r.queued;
    if (r.batches < share && r.queued < SETTLE_QUEUED) return applied;
    // Let the clicks that came meanwhile in before the next share (PGlite runs on this thread).
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Writes the stored batches out one at a time, setting aside each one refused alone. */
async function settleOneByOne(db: Db, log: SettleLog | undefined): Promise<{ applied: number; setAside: number }> {
  const ids = await db.selectFrom('click_batches').select('id').orderBy('id').limit(SETTLE_BATCHES.postgres).execute();
  let applied = 0;
  let setAside = 0;
  for (const { id } of ids) {
    try {
      applied += (await settleOnce(db, { id }, false)).batches;
    } catch (err) {
      if (!isRefused(err)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      const moved = await sql<{ id: number }>`
        WITH taken AS (DELETE FROM click_batches WHERE id = ${id} RETURNING id, clicks, fallbacks)
        INSERT INTO click_batches_rejected (id, error, clicks, fallbacks) SELECT id, ${reason}, clicks, fallbacks FROM taken
        RETURNING id`.execute(db);
      if (moved.rows.length > 0) {
        setAside += 1;
        log?.error(
          { batch: id, reason },
          'a stored click batch could not be written out: set aside in click_batches_rejected',
        );
      }
    }
  }
  return { applied, setAside };
}

/**
 * The raw events of the rows `where` selects — clicks and approved conversions — in the columns of
 * a `rollupCtes` source (rebuilds, and the reports the rollups cannot answer).
 */
export function rawEvents(where: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 1 AS clicks, is_unique::int AS clicks_unique,
      0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings
    FROM clicks WHERE ${where}
    UNION ALL
    SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 0, 0, (event_type = 'conversion')::int,
      (event_type = 'partial')::int, (event_type = 'upsell')::int, payout
    FROM conversions WHERE ${where} AND status = 'approved'`;
}

/** Adds events to the rollups in one statement (inside the caller's transaction, if any). */
export async function applyEvents(db: Db, events: RollupEvent[]): Promise<void> {
  if (events.length === 0) return;
  const col = <K extends keyof RollupEvent>(k: K) => events.map((e) => e[k]);
  await sql`
    WITH ev AS (
      SELECT * FROM unnest(${events.map((e) => e.created_at.toISOString())}::timestamptz[], ${col('publisher_id')}::int[],
        ${col('offer_id')}::int[], ${col('landing_page_id')}::int[], ${col('s1')}::text[], ${col('clicks')}::int[],
        ${col('clicks_unique')}::int[], ${col('conversions')}::int[], ${col('partials')}::int[], ${col('upsells')}::int[],
        ${events.map((e) => Number(e.earnings).toFixed(4))}::numeric[])
        AS e(created_at, publisher_id, offer_id, landing_page_id, s1, clicks, clicks_unique, conversions, partials, upsells, earnings)
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
  s1: string | null;
  /** Only approved conversions count in reports; absent means approved. */
  status?: 'approved' | 'pending' | 'rejected';
}

export const reportsIngest = {
  /** Counts stored clicks at once (bulk loads and fixtures; the tracking engine's clicks are counted as their batches are written out). */
  async onClicks(db: Db, clicks: IngestedClick[]): Promise<void> {
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
      })),
    );
  },

  /**
   * Queues one stored conversion for the rollups (its payout is the publisher's earnings), in the
   * caller's transaction: it is counted if and when that commits.
   */
  async onConversion(db: Db, c: IngestedConversion): Promise<void> {
    if (c.status && c.status !== 'approved') return;
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
      })
      .execute();
  },
};

const DAY_MS = 86_400_000;

/**
 * Rebuilds the rollups of `[from, to)` from the raw rows with the same rules as ingestion (bulk
 * loads, repairs), one UTC day per statement. Whole UTC days only, so the three grains agree.
 */
export async function rebuildRollups(db: Db, from: Date, to: Date, publisherId?: number): Promise<void> {
  // Queued counts are of events the raw rows already hold: add them first, or they would count
  // twice (and write out stored click batches, or the rebuild would miss them).
  await settleEvents(db);
  const pub = publisherId == null ? sql`` : sql`AND publisher_id = ${publisherId}`;
  for (const table of ['report_publisher_rollups', 'report_rollups', 'report_subid_rollups'] as const) {
    await sql`DELETE FROM ${sql.table(table)} WHERE bucket >= ${from} AND bucket < ${to} ${pub}`.execute(db);
  }
  for (let day = from.getTime(); day < to.getTime(); day += DAY_MS) {
    const f = new Date(day);
    const t = new Date(Math.min(day + DAY_MS, to.getTime()));
    await sql`
      WITH ev AS (${rawEvents(sql`created_at >= ${f} AND created_at < ${t} ${pub}`)}),
      ${rollupCtes('ev')}
      SELECT 1`.execute(db);
  }
}
