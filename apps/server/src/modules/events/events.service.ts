import type { RawBuilder } from 'kysely';
import { databaseKind, type Db } from '../../db/database.ts';
import { clickBatchesRepository, type ClickWrite } from './click-batches.repository.ts';
import {
  eventsRepository,
  rawEvents,
  SETTLE_QUEUED,
  type IngestedClick,
  type IngestedConversion,
} from './events.repository.ts';

export type { ClickRow, ClickWrite, FallbackRow } from './click-batches.repository.ts';
export type { IngestedClick, IngestedConversion } from './events.repository.ts';

/**
 * The event store between the tracking engine, which writes events, and the readers of clicks and
 * rollups (reports, My Offers, invoices, the offer-expiry notice, the demo seed).
 *
 * A click batch is stored as one row (`click_batches`, migration 0046) and a conversion's
 * transaction queues its counts (`report_rollup_queue`, migration 0044; on PGlite a click batch is
 * written out at once and queues its counts there too). The settle takes both, writes the batches'
 * clicks out (unique windows, click rows, fallbacks) and adds everything to the rollups, in
 * statements of a bounded share: about a second after a click batch (`events.jobs.ts`), and before
 * every read of clicks or rollups (`settleBeforeRead`), so a report still counts every event
 * committed before it was asked for. Doing this a second's worth at a time is what keeps a durable
 * click cheap (bench/README.md, tracking), and conversions never wait for each other's locks on a
 * busy publisher's rollup rows.
 */

/**
 * Stored click batches one settling statement takes at most. On PostgreSQL a second of heavy
 * traffic (a few hundred batches) fits one statement, since every statement pays again for the
 * rollup rows it updates; on PGlite a share is a few tens of milliseconds of the server's thread.
 */
const SETTLE_BATCHES = { postgres: 400, pglite: 25 } as const;

/** Where the settle reports a click batch it had to set aside (the app's logger). */
export interface SettleLog {
  error(obj: object, msg: string): void;
}

const sqlState = (err: unknown) => (err as { code?: unknown }).code;
/** A value a column refuses (class 22) or a constraint (class 23): the same statement fails again. */
const isRefused = (err: unknown) => /^2[23]/.test(String(sqlState(err) ?? ''));

/**
 * Writes out every stored click batch and adds its clicks and every queued conversion to the
 * rollups. Each statement takes a bounded share — so a backlog (after an outage, say) is worked off
 * in statements of known size, and on PGlite, which runs a statement on the server's own thread,
 * clicks are answered between them — and the DELETEs that take the rows commit with the writes, so
 * each is applied once however many processes settle at the same time: rows another settle has
 * locked are waited for, then skipped as gone. Statements follow each other until one finds less
 * than its share, so a settle returns only after everything committed before it (and any settle
 * already under way) is applied. Returns the number of batches and queue rows applied.
 *
 * A statement refused for its data (a value a column cannot hold) would be refused every time and
 * hold every later click back: then each batch is tried alone, and one refused alone is set aside
 * in `click_batches_rejected` with the reason, logged, and kept for an operator.
 */
export async function settleEvents(db: Db, log?: SettleLog): Promise<number> {
  if (!(await eventsRepository.hasWaiting(db))) return 0;
  const share = SETTLE_BATCHES[databaseKind(db)];
  let applied = 0;
  for (;;) {
    let r: { batches: number; queued: number };
    try {
      r = await eventsRepository.settle(db, { share }, true);
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
  let applied = 0;
  let setAside = 0;
  for (const id of await eventsRepository.storedBatchIds(db, SETTLE_BATCHES.postgres)) {
    try {
      applied += (await eventsRepository.settle(db, { id }, false)).batches;
    } catch (err) {
      if (!isRefused(err)) throw err;
      const reason = err instanceof Error ? err.message : String(err);
      if (await eventsRepository.setAsideBatch(db, id, reason)) {
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

const DAY_MS = 86_400_000;

/**
 * Rebuilds the rollups of `[from, to)` from the raw rows with the same rules as ingestion (bulk
 * loads, repairs), one UTC day per statement. Whole UTC days only, so the three grains agree.
 */
export async function rebuildRollups(db: Db, from: Date, to: Date, publisherId?: number): Promise<void> {
  // Queued counts are of events the raw rows already hold: add them first, or they would count
  // twice (and write out stored click batches, or the rebuild would miss them).
  await settleEvents(db);
  await eventsRepository.deleteRollups(db, from, to, publisherId);
  for (let day = from.getTime(); day < to.getTime(); day += DAY_MS) {
    const t = new Date(Math.min(day + DAY_MS, to.getTime()));
    await eventsRepository.addRawEvents(db, new Date(day), t, publisherId);
  }
}

export const eventsService = {
  /**
   * What every reader of clicks, unique windows or rollups calls first: the events committed so far
   * are written out and counted, so what it reads next includes every one of them.
   */
  settleBeforeRead: (ctx: { db: Db; log?: SettleLog }): Promise<number> => settleEvents(ctx.db, ctx.log),

  /**
   * Stores a batch of clicks and fallbacks: appended to `click_batches` for the settle, or with
   * `writeThrough` (PGlite) written out at once, its rollup counts queued.
   */
  writeClickBatch: (db: Db, items: ClickWrite[], opts: { writeThrough: boolean }): Promise<void> =>
    opts.writeThrough ? clickBatchesRepository.writeThrough(db, items) : clickBatchesRepository.append(db, items),

  /**
   * Queues one stored conversion for the rollups (its payout is the publisher's earnings), in the
   * caller's transaction: it is counted if and when that commits. Only approved ones count.
   */
  async queueConversion(db: Db, c: IngestedConversion): Promise<void> {
    if (c.status && c.status !== 'approved') return;
    await eventsRepository.queueConversion(db, c);
  },

  /**
   * A reversed conversion leaves the rollups, in the reversal's transaction: its counts and
   * earnings are subtracted in the buckets of the conversion's own time (docs/reports.md).
   */
  subtractConversion: (db: Db, c: IngestedConversion): Promise<void> => eventsRepository.subtractConversion(db, c),

  /**
   * Conversions that start counting (approved after arriving pending or rejected: `sign` 1) or stop
   * (an approved one rejected or reversed: -1), at once in the caller's transaction, in the
   * buckets of each conversion's own time (docs/money.md).
   */
  changeConversions: (db: Db, cs: IngestedConversion[], sign: 1 | -1): Promise<void> =>
    eventsRepository.changeConversions(db, cs, sign),

  /** Counts stored clicks at once (bulk loads and fixtures; the engine's clicks are counted by the settle). */
  countClicks: (db: Db, clicks: IngestedClick[]): Promise<void> => eventsRepository.addClicks(db, clicks),

  rebuildRollups,

  /** The publishers who had clicks on an offer since a day (every event committed so far counted). */
  async publishersWithClicks(ctx: { db: Db; log?: SettleLog }, offerId: number, since: Date): Promise<number[]> {
    await settleEvents(ctx.db, ctx.log);
    return eventsRepository.publishersWithClicks(ctx.db, offerId, since);
  },

  /** The publisher's latest conversion, and the click it belongs to (a postback preview's sample). */
  latestConversionOf: (db: Db, publisherId: number) => eventsRepository.latestConversionOf(db, publisherId),
  clickOf: (db: Db, conversion: { click_id: string; click_created_at: Date | string }) =>
    eventsRepository.findClickOf(db, conversion),

  /**
   * The raw events of the rows `where` selects — clicks and approved conversions — in the columns
   * of a rollup source: for the reports the rollups cannot answer (a subquery).
   */
  rawEvents: (where: RawBuilder<unknown>): RawBuilder<unknown> => rawEvents(where),
};
