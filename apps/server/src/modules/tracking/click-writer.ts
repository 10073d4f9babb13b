import { sql } from 'kysely';
import { PREPARED, type Db } from '../../db/database.ts';
import { queueClicks, settleRollups } from '../reports/reports.ingest.ts';
import type { ClickRow, FallbackRow } from './click.service.ts';

export type ClickWrite = { kind: 'click'; row: ClickRow } | { kind: 'fallback'; row: FallbackRow };

interface Pending {
  item: ClickWrite;
  resolve: () => void;
  reject: (err: Error) => void;
}

export class ClickQueueFullError extends Error {}

export interface ClickWriterOptions {
  /** Most rows in one INSERT. */
  maxBatch?: number;
  /** Most clicks waiting; past it submit() refuses at once (the click answers 503). */
  maxQueue?: number;
  /** How soon after a batch its queued rollup counts are settled (`settleRollups`). */
  settleAfterMs?: number;
  /** Where a failed settle is reported (the next one retries it: nothing is lost). */
  onSettleError?: (err: unknown) => void;
}

/**
 * Group commit for clicks (DESIGN.md §4): requests queue their rows; one statement writes
 * everything queued so far (unique-click window, clicks, fallbacks, report rollup queue), and each
 * request resolves only after its COMMIT. Under load a batch holds every click that arrived while
 * the previous one was committing, so throughput grows with load while a lone click still gets
 * its own immediate transaction. One batch is written at a time, and about a second after a batch
 * the queued rollup counts are settled (`settleRollups`), off the clicks' path.
 */
export class ClickWriter {
  private readonly queue: Pending[] = [];
  private writing = false;
  private closed = false;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly maxQueue: number;
  private readonly settleAfterMs: number;
  private settleTimer: NodeJS.Timeout | null = null;
  private settling: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: ClickWriterOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 2000;
    this.maxQueue = opts.maxQueue ?? 20_000;
    this.settleAfterMs = opts.settleAfterMs ?? 1000;
  }

  /** Resolves once the click is committed; rejects if it was not stored. */
  submit(item: ClickWrite): Promise<void> {
    if (this.closed) return Promise.reject(new ClickQueueFullError('closing'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new ClickQueueFullError('click queue full'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // Start on the next turn of the event loop, so every request read in this I/O phase joins
      // the same batch (costs well under a millisecond; PGlite, which blocks the loop while it
      // runs a statement, otherwise writes one click per transaction).
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Resolves when everything queued so far is written (graceful close). */
  async flush(): Promise<void> {
    if (this.queue.length === 0 && !this.writing) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Writes what is queued and settles its rollup counts; later submits are refused. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
    await this.settling;
    await this.settle();
  }

  private pump(): void {
    if (this.writing || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.maxBatch);
    this.writing = true;
    void this.write(batch).finally(() => {
      this.writing = false;
      this.pump();
      if (!this.writing && this.queue.length === 0) {
        const waiting = this.idle;
        this.idle = [];
        for (const w of waiting) w();
      }
    });
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      await writeBatch(
        this.db,
        batch.map((p) => p.item),
      );
      for (const p of batch) p.resolve();
      this.scheduleSettle();
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      for (const p of batch) p.reject(e);
    }
  }

  private scheduleSettle(): void {
    if (this.settleTimer || this.closed) return;
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      void this.settle();
    }, this.settleAfterMs);
    this.settleTimer.unref();
  }

  private settle(): Promise<void> {
    const run: Promise<void> = settleRollups(this.db)
      .then(
        () => undefined,
        (err: unknown) => this.opts.onSettleError?.(err),
      )
      .finally(() => {
        if (this.settling === run) this.settling = null;
      });
    this.settling = run;
    return run;
  }
}

const DAY_MS = 86_400_000;

/**
 * One statement, so one round trip and one COMMIT per batch: the unique-click window (INSERT … ON
 * CONFLICT on the visitor key, in key order so concurrent batches cannot deadlock) feeds the clicks
 * INSERT, whose rows are queued for the report rollups (`queueClicks`); fallbacks ride along.
 * Nothing comes back but a count: the redirect does not depend on uniqueness.
 */
export async function writeBatch(db: Db, items: ClickWrite[]): Promise<void> {
  try {
    return await writeOnce(db, items);
  } catch (err) {
    // Batches lock visitor windows in key order, but a deadlock with another writer cannot be
    // ruled out; the statement is atomic, so run it again.
    if ((err as { code?: string }).code === '40P01') return writeOnce(db, items);
    throw err;
  }
}

/**
 * A click as the batch statement reads it. Short keys, epoch milliseconds and absent rather than
 * null values, because the JSON is built on the clicks' path and parsed field by field in the
 * database: with the table's column names, a spread row and a Date it cost six times as much.
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
  /** visitor_hash */
  v: string;
  /** the visitor's first click in the batch (a unique-window candidate) */
  c: boolean;
  /** a later click of the visitor in the batch, 24 h or more after its first (unique) */
  u: boolean;
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

async function writeOnce(db: Db, items: ClickWrite[]): Promise<void> {
  const clicks: ClickJson[] = [];
  const fallbacks: FallbackRow[] = [];
  // Within a batch the first click of a visitor is the candidate; a later one in the same batch
  // is unique only if it is 24 h after it (batches of live traffic span milliseconds).
  const firstAt = new Map<string, number>();
  for (const it of items) {
    if (it.kind === 'fallback') {
      fallbacks.push(it.row);
      continue;
    }
    const row = it.row;
    const t = row.created_at.getTime();
    const key = `${row.publisher_id}|${row.offer_id}|${row.visitor_hash}`;
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, t);
    clicks.push({
      i: row.id,
      t,
      p: row.publisher_id,
      o: row.offer_id,
      l: row.landing_page_id ?? undefined,
      v: row.visitor_hash,
      c: first === undefined,
      u: first !== undefined && t - first >= DAY_MS,
      s1: row.s1 ?? undefined,
      s2: row.s2 ?? undefined,
      s3: row.s3 ?? undefined,
      s4: row.s4 ?? undefined,
      s5: row.s5 ?? undefined,
      k: row.pub_click_id ?? undefined,
      r: row.pub_source ?? undefined,
      a: row.ip ?? undefined,
      g: row.user_agent ?? undefined,
    });
  }
  const fallbackCte = fallbacks.length > 0 ? fallbackInsert(fallbacks) : null;
  if (clicks.length === 0) {
    if (fallbackCte) await sql`WITH ${fallbackCte} SELECT 1`.execute(db);
    return;
  }

  // One JSON parameter rather than an array per column: JSON.stringify is native, where the
  // driver's array literals are built character by character in JavaScript.
  await sql`${sql.raw(PREPARED)}
    WITH input AS (
      SELECT c.i AS id, to_timestamp(c.t / 1000.0) AS created_at, c.p AS publisher_id, c.o AS offer_id,
        c.l AS landing_page_id, c.v AS visitor_hash, c.c AS candidate, c.u AS late_unique, c.s1, c.s2, c.s3, c.s4, c.s5,
        c.k AS pub_click_id, c.r AS pub_source, c.a AS ip, c.g AS user_agent
      FROM json_to_recordset(${JSON.stringify(clicks)}::json) AS c(i uuid, t float8, p int, o int, l int, v uuid, c bool, u bool,
        s1 text, s2 text, s3 text, s4 text, s5 text, k text, r text, a text, g text)
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
    ${queueClicks('stored')}${fallbackCte ? sql`, ${fallbackCte}` : sql``}
    SELECT count(*) FROM stored`.execute(db);
}

function fallbackInsert(rows: FallbackRow[]) {
  const col = <K extends keyof FallbackRow>(k: K) => rows.map((r) => r[k]);
  return sql`fallbacks AS (
    INSERT INTO click_fallbacks (created_at, publisher_id, offer_id, reason, redirect_url, s1, pub_click_id, pub_source, ip, user_agent)
    SELECT * FROM unnest(${rows.map((r) => r.created_at.toISOString())}::timestamptz[], ${col('publisher_id')}::int[],
      ${col('offer_id')}::int[], ${col('reason')}::text[], ${col('redirect_url')}::text[], ${col('s1')}::text[],
      ${col('pub_click_id')}::text[], ${col('pub_source')}::text[], ${col('ip')}::text[], ${col('user_agent')}::text[])
  )`;
}
