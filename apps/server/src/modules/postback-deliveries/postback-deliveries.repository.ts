import { sql, type ExpressionBuilder } from 'kysely';
import type { DeliveryStatus } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { maskUrl } from '../../lib/log-url.ts';
import type { DeliveryErrorClass } from './delivery-http.ts';

/** The error class of a delivery refused past the fan-out limit (never attempted). */
export const FANOUT_REFUSED = 'fanout_limit';

/** The SQL of postback delivery: the jobs (`postback_deliveries`) and their attempt log. */

export interface ClaimedDelivery {
  id: number;
  publisher_id: number;
  postback_id: number;
  event_key: string;
  url: string;
  /** The receiver its back-off belongs to (host and port, lower case). */
  receiver_host: string;
  attempts: number;
}

export interface NewDelivery {
  publisher_id: number;
  postback_id: number;
  conversion_id: string;
  event_key: string;
  url: string;
  receiver_host: string;
  next_attempt_at: Date;
}

/** One attempt as the log keeps it (the URL masked: no token, key or signature value). */
export interface AttemptRow {
  delivery_id: number;
  publisher_id: number;
  postback_id: number;
  url_masked: string;
  status_code: number | null;
  duration_ms: number;
  error_class: DeliveryErrorClass | null;
  error_message: string | null;
}

export interface AttemptLogQuery {
  postbackId: number | null;
  status: DeliveryStatus | null;
  /** Attempts older than this id (the cursor), newest first. */
  beforeId: number | null;
  limit: number;
}

/** Due again at once, with a fresh retry budget (replays). */
const REPLAY = () => ({
  status: 'pending' as const,
  attempts: 0,
  next_attempt_at: new Date(),
  locked_until: null,
  updated_at: new Date(),
});

/**
 * Claims up to `limit` due jobs for `leaseMs`, fairly between publishers (docs/tracking.md,
 * Fairness): round robin — each publisher's oldest due job first, publishers in the order of how
 * long that job has waited, then each one's second, and so on — so that no publisher has more than
 * `perPublisher` in flight in this process (`inFlight`: what it has now, by publisher id), and none
 * to a receiver that is backing off (`postback_receivers`). The publishers with pending jobs are
 * found by a skip scan of the pending index; each one's candidates are locked `FOR UPDATE SKIP
 * LOCKED`, so processes sharing the database never claim the same job, and a claim whose process
 * died comes back when its lease ends.
 */
export const claimStatement = (
  limit: number,
  leaseMs: number,
  perPublisher: number,
  inFlight: ReadonlyMap<number, number>,
) => sql<ClaimedDelivery>`
      WITH RECURSIVE publishers (publisher_id) AS (
        (SELECT publisher_id FROM postback_deliveries WHERE status = 'pending' ORDER BY publisher_id LIMIT 1)
        UNION ALL
        SELECT (SELECT d.publisher_id FROM postback_deliveries d
                WHERE d.status = 'pending' AND d.publisher_id > p.publisher_id ORDER BY d.publisher_id LIMIT 1)
        FROM publishers p WHERE p.publisher_id IS NOT NULL
      ),
      in_flight AS (
        SELECT key::int AS publisher_id, value::int AS n
        FROM jsonb_each_text(${JSON.stringify(Object.fromEntries(inFlight))}::jsonb)
      ),
      candidates AS (
        SELECT j.id, j.publisher_id, j.next_attempt_at, coalesce(f.n, 0) AS in_flight
        FROM publishers p
        LEFT JOIN in_flight f ON f.publisher_id = p.publisher_id
        CROSS JOIN LATERAL (
          SELECT d.id, d.publisher_id, d.next_attempt_at FROM postback_deliveries d
          WHERE d.publisher_id = p.publisher_id AND d.status = 'pending' AND d.next_attempt_at <= now()
            AND (d.locked_until IS NULL OR d.locked_until < now())
            AND NOT EXISTS (
              SELECT 1 FROM postback_receivers r
              WHERE r.publisher_id = d.publisher_id AND r.host = d.receiver_host AND r.resume_at > now())
          ORDER BY d.next_attempt_at, d.id
          LIMIT ${Math.min(limit, perPublisher)}
          FOR UPDATE OF d SKIP LOCKED) j
        WHERE p.publisher_id IS NOT NULL AND coalesce(f.n, 0) < ${perPublisher}
      ),
      turns AS (
        SELECT id, in_flight,
          row_number() OVER (PARTITION BY publisher_id ORDER BY next_attempt_at, id) AS turn,
          min(next_attempt_at) OVER (PARTITION BY publisher_id) AS oldest
        FROM candidates
      )
      UPDATE postback_deliveries SET locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = attempts + 1, updated_at = now()
      WHERE id IN (
        SELECT id FROM turns WHERE turn <= ${perPublisher} - in_flight ORDER BY turn, oldest, id LIMIT ${limit})
      RETURNING id, publisher_id, postback_id, event_key, url, receiver_host, attempts`;

/** A delivery's postback has not been deleted: a deleted one's deliveries are never sent again. */
const postbackStillThere = (eb: ExpressionBuilder<Database, 'postback_deliveries'>) =>
  eb.exists(
    eb.selectFrom('postbacks').select('postbacks.id').whereRef('postbacks.id', '=', 'postback_deliveries.postback_id'),
  );

export const postbackDeliveriesRepository = {
  /** The conversion's jobs, in its transaction (the outbox). */
  async enqueue(db: Db, rows: NewDelivery[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('postback_deliveries').values(rows).execute();
  },

  /**
   * Deliveries refused before any attempt (past the fan-out limit): stopped, never sent, each with
   * one log row saying why, so the publisher sees them (in the conversion's transaction).
   */
  async refuse(db: Db, rows: NewDelivery[], refusal: { errorClass: string; message: string }): Promise<void> {
    if (rows.length === 0) return;
    const stored = await db
      .insertInto('postback_deliveries')
      .values(rows.map((r) => ({ ...r, status: 'stopped' as const, last_error_class: refusal.errorClass })))
      .returning(['id', 'publisher_id', 'postback_id', 'url'])
      .execute();
    await db
      .insertInto('postback_attempts')
      .values(
        stored.map((d) => ({
          delivery_id: d.id,
          publisher_id: d.publisher_id,
          postback_id: d.postback_id,
          url_masked: maskUrl(d.url),
          status_code: null,
          duration_ms: 0,
          error_class: refusal.errorClass,
          error_message: refusal.message,
        })),
      )
      .execute();
  },

  async claim(
    db: Db,
    q: { limit: number; leaseMs: number; perPublisher: number; inFlight: ReadonlyMap<number, number> },
  ): Promise<ClaimedDelivery[]> {
    return (await claimStatement(q.limit, q.leaseMs, q.perPublisher, q.inFlight).execute(db)).rows;
  },

  /**
   * When a job may next become claimable of itself: the soonest future retry or end of a
   * receiver's back-off (null: neither). Jobs due now but not claimed wait for a slot, and a
   * finished attempt wakes the worker.
   */
  async nextDueAt(db: Db): Promise<Date | null> {
    const { rows } = await sql<{ next: Date | string | null }>`
      SELECT least(
        (SELECT min(next_attempt_at) FROM postback_deliveries WHERE status = 'pending' AND next_attempt_at > now()),
        (SELECT min(resume_at) FROM postback_receivers WHERE resume_at > now())) AS next`.execute(db);
    const next = rows[0]?.next;
    return next ? new Date(next) : null;
  },

  /** Releases claimed jobs without counting their attempt: due at once. */
  async giveBack(db: Db, ids: number[]): Promise<void> {
    await db
      .updateTable('postback_deliveries')
      .set((eb) => ({ attempts: eb('attempts', '-', 1), locked_until: null, updated_at: new Date() }))
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .execute();
  },

  /** A test delivery, outside the queue (due in a year: no worker ever claims it). */
  async insertTest(db: Db, t: { publisherId: number; postbackId: number; eventKey: string; url: string }) {
    const row = await db
      .insertInto('postback_deliveries')
      .values({
        publisher_id: t.publisherId,
        postback_id: t.postbackId,
        event_key: t.eventKey,
        url: t.url,
        is_test: true,
        attempts: 1,
        status: 'pending',
        next_attempt_at: new Date(Date.now() + 365 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Logs an attempt and sets its job's state (in the caller's transaction). */
  async recordAttempt(
    db: Db,
    attempt: AttemptRow,
    job: { status: DeliveryStatus; nextAttemptAt: Date | null; released: boolean },
  ): Promise<void> {
    await db.insertInto('postback_attempts').values(attempt).execute();
    await db
      .updateTable('postback_deliveries')
      .set({
        status: job.status,
        ...(job.released ? { locked_until: null } : {}),
        last_status_code: attempt.status_code,
        last_error_class: attempt.error_class,
        updated_at: new Date(),
        ...(job.nextAttemptAt ? { next_attempt_at: job.nextAttemptAt } : {}),
      })
      .where('id', '=', attempt.delivery_id)
      .execute();
  },

  /** The publisher's attempts, newest first, one more than `limit` (the next page's sign). */
  attemptLog(db: Db, publisherId: number, q: AttemptLogQuery) {
    let query = db
      .selectFrom('postback_attempts as a')
      .innerJoin('postback_deliveries as d', 'd.id', 'a.delivery_id')
      .leftJoin('postbacks as p', 'p.id', 'a.postback_id')
      .select([
        'a.id',
        'a.delivery_id',
        'a.postback_id',
        'p.name as postback_name',
        'd.conversion_id',
        'a.created_at',
        'a.url_masked',
        'a.status_code',
        'a.duration_ms',
        'a.error_class',
        'a.error_message',
        'd.status',
        'd.is_test',
      ])
      .where('a.publisher_id', '=', publisherId);
    if (q.postbackId != null) query = query.where('a.postback_id', '=', q.postbackId);
    if (q.status != null) query = query.where('d.status', '=', q.status);
    if (q.beforeId !== null) query = query.where('a.id', '<', q.beforeId);
    return query
      .orderBy('a.id', 'desc')
      .limit(q.limit + 1)
      .execute();
  },

  /** Makes one of the publisher's deliveries due again (never a test); undefined if not theirs. */
  replay: (db: Db, publisherId: number, deliveryId: number) =>
    db
      .updateTable('postback_deliveries')
      .set(REPLAY())
      .where('id', '=', deliveryId)
      .where('publisher_id', '=', publisherId)
      .where('is_test', '=', false)
      // Refused past the fan-out limit: never sent, not even by a replay.
      .where('last_error_class', 'is distinct from', FANOUT_REFUSED)
      .where(postbackStillThere)
      .returning(['id', 'status'])
      .executeTakeFirst(),

  /** Makes the publisher's failed deliveries created since a time due again (of one postback, if given). */
  async replayFailedSince(db: Db, publisherId: number, since: Date, postbackId: number | null): Promise<number> {
    let q = db
      .updateTable('postback_deliveries')
      .set(REPLAY())
      .where('publisher_id', '=', publisherId)
      .where('status', '=', 'failed')
      .where('is_test', '=', false)
      .where('created_at', '>=', since)
      .where(postbackStillThere);
    if (postbackId !== null) q = q.where('postback_id', '=', postbackId);
    return (await q.returning('id').execute()).length;
  },
};
