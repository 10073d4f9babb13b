import { sql } from 'kysely';
import { PREPARED, type Db } from '../../db/database.ts';
import { rollupCtes } from '../reports/reports.ingest.ts';
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
}

/**
 * Group commit for clicks (DESIGN.md §4): requests queue their rows; one statement writes
 * everything queued so far (unique-click window, clicks, fallbacks, report rollups), and each
 * request resolves only after its COMMIT. Under load a batch holds every click that arrived while
 * the previous one was committing, so throughput grows with load while a lone click still gets
 * its own immediate transaction. One batch is written at a time: every batch updates the same hot
 * rollup rows, so a second one would only wait for the first's row locks (measured: one writer
 * gave more clicks/s and a lower p99 than two).
 */
export class ClickWriter {
  private readonly queue: Pending[] = [];
  private writing = false;
  private closed = false;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly maxQueue: number;

  constructor(
    private readonly db: Db,
    opts: ClickWriterOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 2000;
    this.maxQueue = opts.maxQueue ?? 20_000;
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

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
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
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      for (const p of batch) p.reject(e);
    }
  }
}

const DAY_MS = 86_400_000;

/**
 * One statement, so one round trip and one COMMIT per batch: the unique-click window (INSERT … ON
 * CONFLICT on the visitor key, in key order so concurrent batches cannot deadlock) feeds the clicks
 * INSERT, whose rows feed the report rollups (`rollupCtes`); fallbacks ride along. Nothing comes
 * back but a count: the redirect does not depend on uniqueness.
 */
export async function writeBatch(db: Db, items: ClickWrite[]): Promise<void> {
  try {
    return await writeOnce(db, items);
  } catch (err) {
    // Rollup rows are locked in key order, but a conversion's transaction may hold one of them
    // while it waits: PostgreSQL then cancels one side. The statement is atomic, so run it again.
    if ((err as { code?: string }).code === '40P01') return writeOnce(db, items);
    throw err;
  }
}

async function writeOnce(db: Db, items: ClickWrite[]): Promise<void> {
  const clicks: ClickRow[] = [];
  const fallbacks: FallbackRow[] = [];
  for (const it of items) {
    if (it.kind === 'click') clicks.push(it.row);
    else fallbacks.push(it.row);
  }
  const fallbackCte = fallbacks.length > 0 ? fallbackInsert(fallbacks) : null;
  if (clicks.length === 0) {
    if (fallbackCte) await sql`WITH ${fallbackCte} SELECT 1`.execute(db);
    return;
  }

  // Within a batch the first click of a visitor is the candidate; a later one in the same batch
  // is unique only if it is 24 h after it (batches of live traffic span milliseconds).
  // One JSON parameter rather than an array per column: JSON.stringify is native, where the
  // driver's array literals are built character by character in JavaScript.
  const firstAt = new Map<string, number>();
  const input = JSON.stringify(
    clicks.map((row) => {
      const key = `${row.publisher_id}|${row.offer_id}|${row.visitor_hash}`;
      const first = firstAt.get(key);
      if (first === undefined) firstAt.set(key, row.created_at.getTime());
      return { ...row, candidate: first === undefined, late_unique: first !== undefined && row.created_at.getTime() - first >= DAY_MS };
    }),
  );
  await sql`${sql.raw(PREPARED)}
    WITH input AS (
      SELECT * FROM json_to_recordset(${input}::json) AS c(id uuid, created_at timestamptz, publisher_id int, offer_id int,
        landing_page_id int, late_unique bool, candidate bool, visitor_hash text, s1 text, s2 text, s3 text, s4 text, s5 text,
        pub_click_id text, pub_source text, ip text, user_agent text)
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
      RETURNING id, created_at, publisher_id, offer_id, landing_page_id, s1, is_unique
    ),
    ev AS (
      SELECT created_at, publisher_id, offer_id, landing_page_id, s1, 1 AS clicks, is_unique::int AS clicks_unique,
        0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings
      FROM stored
    ),
    ${rollupCtes('ev')}${fallbackCte ? sql`, ${fallbackCte}` : sql``}
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
