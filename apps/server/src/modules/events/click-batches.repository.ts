import { CompiledQuery, sql, type RawBuilder, type Selectable } from 'kysely';
import { PREPARED, type Db } from '../../db/database.ts';
import type { ClickFallbackReason, ClicksTable } from '../../db/types.ts';

/**
 * Stored click batches (migration 0046): what the click writer's group commit appends, and the SQL
 * that writes them out to `clicks`, `click_uniques` and `click_fallbacks` when events are settled
 * (`settleEvents` in `events.service.ts`). The writer's JSON is the only format both sides share.
 */

/** A click as the tracking engine hands it over: the table's columns, less those the database decides. */
export type ClickRow = Omit<Selectable<ClicksTable>, 'is_unique' | 'has_conversion'>;

/** A click sent to a fallback URL, with the reason (stored apart: it is not traffic the offer received). */
export interface FallbackRow {
  created_at: Date;
  publisher_id: number | null;
  offer_id: number | null;
  reason: ClickFallbackReason;
  redirect_url: string;
  s1: string | null;
  pub_click_id: string | null;
  pub_source: string | null;
  ip: string | null;
  user_agent: string | null;
}

export type ClickWrite = { kind: 'click'; row: ClickRow } | { kind: 'fallback'; row: FallbackRow };

/**
 * A click as stored in a batch. Short keys, epoch milliseconds and absent rather than null values:
 * the JSON is built on the click's path, and with the table's column names, a spread row and a Date
 * it cost six times as much.
 */
interface ClickJson {
  /** id (tid) */
  i: string;
  /** created_at, epoch milliseconds */
  t: number;
  /** publisher_id, offer_id, landing_page_id */
  p: number;
  o: number;
  l: number | undefined;
  s1: string | undefined;
  s2: string | undefined;
  s3: string | undefined;
  s4: string | undefined;
  s5: string | undefined;
  /** pub_click_id, pub_source, ip, user_agent */
  k: string | undefined;
  r: string | undefined;
  a: string | undefined;
  g: string | undefined;
}

/** A fallback click as stored in a batch (rare: its own array, the same short keys). */
interface FallbackJson {
  t: number;
  p: number | undefined;
  o: number | undefined;
  /** reason, redirect_url */
  n: string;
  u: string;
  s1: string | undefined;
  k: string | undefined;
  r: string | undefined;
  a: string | undefined;
  g: string | undefined;
}

const INSERT_BATCH = `${PREPARED} INSERT INTO click_batches (clicks, fallbacks) VALUES ($1, $2)`;

/** A batch's clicks and fallbacks as the stored row holds them (JSON texts; null when none). */
export function batchTexts(items: ClickWrite[]): [string | null, string | null] {
  const clicks: ClickJson[] = [];
  let fallbacks: FallbackJson[] | null = null;
  for (const it of items) {
    if (it.kind === 'fallback') {
      const f = it.row;
      (fallbacks ??= []).push({
        t: f.created_at.getTime(),
        p: f.publisher_id ?? undefined,
        o: f.offer_id ?? undefined,
        n: f.reason,
        u: f.redirect_url,
        s1: f.s1 ?? undefined,
        k: f.pub_click_id ?? undefined,
        r: f.pub_source ?? undefined,
        a: f.ip ?? undefined,
        g: f.user_agent ?? undefined,
      });
      continue;
    }
    const c = it.row;
    clicks.push({
      i: c.id,
      t: c.created_at.getTime(),
      p: c.publisher_id,
      o: c.offer_id,
      l: c.landing_page_id ?? undefined,
      s1: c.s1 ?? undefined,
      s2: c.s2 ?? undefined,
      s3: c.s3 ?? undefined,
      s4: c.s4 ?? undefined,
      s5: c.s5 ?? undefined,
      k: c.pub_click_id ?? undefined,
      r: c.pub_source ?? undefined,
      a: c.ip ?? undefined,
      g: c.user_agent ?? undefined,
    });
  }
  return [clicks.length > 0 ? JSON.stringify(clicks) : null, fallbacks ? JSON.stringify(fallbacks) : null];
}

/** The one statement a batch of clicks costs on the click's path: a row appended, then COMMIT. */
export function insertBatch(items: ClickWrite[]): CompiledQuery {
  return CompiledQuery.raw(INSERT_BATCH, batchTexts(items));
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

/** A batch written out in its own statement (never stored), its clicks queued for the rollups. */
export const writeThroughStatement = (items: ClickWrite[]) =>
  sql`WITH ${writeOutBatches({ texts: batchTexts(items) })}, ${queueClicks('stored')} SELECT 1`;

/**
 * The unique-click rule's visitor: the first 128 bits of sha256(IP, newline, user agent as stored) as a uuid
 * (a 16-byte key compared bytewise; migration 0045). Computed here rather than on the click's path:
 * the batch stays smaller and the request does no hashing.
 */
const VISITOR = `encode(substring(sha256(convert_to(coalesce(c.a, '') || E'\\n' || coalesce(c.g, ''), 'UTF8')) FROM 1 FOR 16), 'hex')::uuid`;

/**
 * The batches a statement writes out: a share of the stored ones, the stored one with this id, or
 * one given as its texts (written through, never stored: see `ClickWriter`).
 */
export type BatchTake = { share: number } | { id: number } | { texts: [string | null, string | null] };

/**
 * CTEs (to follow `WITH`) that take stored batches and write their clicks and fallbacks out, in
 * the settling statement: `batches` (the rows taken), `stored` (the clicks written, with the
 * columns a `rollupCtes` source needs but the counts) and the rest. The rows are locked as they
 * are taken (one locked by another settle is waited for, and skipped once that one has deleted it)
 * and deleted in the statement that writes them out, so each batch is written out once however
 * many processes settle at once.
 *
 * The unique-click rule (docs/tracking.md): a click is unique when it opens its visitor's window for
 * the publisher and offer (none yet, or the last one opened 24 h or more before it). Of a visitor's
 * clicks in the batches taken, the first is the candidate, and the window upsert (in key order, so
 * concurrent settles cannot deadlock) says whether it opened one; a later one is unique only if it
 * came 24 h or more after that first (batches of live traffic span a second or so).
 */
export function writeOutBatches(take: BatchTake): RawBuilder<unknown> {
  if ('texts' in take) {
    return sql`batches AS (SELECT ${take.texts[0]}::text AS clicks, ${take.texts[1]}::text AS fallbacks), ${sql.raw(WRITE_OUT)}`;
  }
  const which =
    'share' in take
      ? sql.raw(`ctid = ANY (ARRAY(SELECT ctid FROM click_batches LIMIT ${Math.trunc(take.share)} FOR UPDATE))`)
      : sql`id = ${take.id}`;
  return sql`batches AS (DELETE FROM click_batches WHERE ${which} RETURNING clicks, fallbacks), ${sql.raw(WRITE_OUT)}`;
}

const WRITE_OUT = `
    parsed AS (
      SELECT c.*, ${VISITOR} AS v
      FROM batches CROSS JOIN LATERAL json_to_recordset(batches.clicks::json) AS c(i uuid, t float8, p int, o int, l int,
        s1 text, s2 text, s3 text, s4 text, s5 text, k text, r text, a text, g text)
    ),
    input AS (
      SELECT c.i AS id, to_timestamp(c.t / 1000.0) AS created_at, c.p AS publisher_id, c.o AS offer_id,
        c.l AS landing_page_id, c.v AS visitor_hash, c.s1, c.s2, c.s3, c.s4, c.s5,
        c.k AS pub_click_id, c.r AS pub_source, c.a AS ip, c.g AS user_agent,
        row_number() OVER w = 1 AS candidate, c.t - first_value(c.t) OVER w >= 86400000 AS late_unique
      FROM parsed c
      WINDOW w AS (PARTITION BY c.p, c.o, c.v ORDER BY c.t, c.i)
    ),
    won AS (
      INSERT INTO click_uniques (publisher_id, offer_id, visitor_hash, window_start)
      SELECT publisher_id, offer_id, visitor_hash, created_at FROM input WHERE candidate
      ORDER BY publisher_id, offer_id, visitor_hash
      ON CONFLICT (publisher_id, offer_id, visitor_hash) DO UPDATE SET window_start = EXCLUDED.window_start
        WHERE click_uniques.window_start <= EXCLUDED.window_start - interval '24 hours'
      RETURNING publisher_id, offer_id, visitor_hash
    ),
    stored AS (
      INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, s1, s2, s3, s4, s5,
        pub_click_id, pub_source, ip, user_agent)
      SELECT c.id, c.created_at, c.publisher_id, c.offer_id, c.landing_page_id,
        c.late_unique OR (c.candidate AND won.visitor_hash IS NOT NULL), c.s1, c.s2, c.s3, c.s4, c.s5,
        c.pub_click_id, c.pub_source, c.ip, c.user_agent
      FROM input c
      LEFT JOIN won ON won.publisher_id = c.publisher_id AND won.offer_id = c.offer_id AND won.visitor_hash = c.visitor_hash
      RETURNING created_at, publisher_id, offer_id, landing_page_id, s1, is_unique
    ),
    stored_fallbacks AS (
      INSERT INTO click_fallbacks (created_at, publisher_id, offer_id, reason, redirect_url, s1, pub_click_id, pub_source, ip, user_agent)
      SELECT to_timestamp(f.t / 1000.0), f.p, f.o, f.n, f.u, f.s1, f.k, f.r, f.a, f.g
      FROM batches CROSS JOIN LATERAL json_to_recordset(batches.fallbacks::json) AS f(t float8, p int, o int, n text, u text,
        s1 text, k text, r text, a text, g text)
    )`;

export const clickBatchesRepository = {
  /** Appends a batch to `click_batches` (the settle writes it out later). */
  async append(db: Db, items: ClickWrite[]): Promise<void> {
    await db.executeQuery(insertBatch(items));
  },

  /** Writes a batch out at once and queues its rollup counts (PGlite: see `ClickWriter`). */
  async writeThrough(db: Db, items: ClickWrite[]): Promise<void> {
    await writeThroughStatement(items).execute(db);
  },
};
