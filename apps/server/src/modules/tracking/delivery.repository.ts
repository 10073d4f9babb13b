import { sql } from 'kysely';
import type { DeliveryStatus } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import type { DeliveryErrorClass } from './delivery-http.ts';

/** The SQL of postback delivery: the jobs (`postback_deliveries`) and their attempt log. */

export interface ClaimedDelivery {
  id: number;
  publisher_id: number;
  postback_id: number;
  event_key: string;
  url: string;
  attempts: number;
}

export interface NewDelivery {
  publisher_id: number;
  postback_id: number;
  conversion_id: string;
  event_key: string;
  url: string;
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
 * Claims up to `limit` due jobs for `leaseMs`: `FOR UPDATE SKIP LOCKED`, so processes sharing the
 * database never claim the same job, and a claim whose process died comes back when its lease ends.
 */
export const claimStatement = (limit: number, leaseMs: number) => sql<ClaimedDelivery>`
      UPDATE postback_deliveries SET locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = attempts + 1, updated_at = now()
      WHERE id IN (
        SELECT id FROM postback_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, publisher_id, postback_id, event_key, url, attempts`;

export const deliveryRepository = {
  /** The conversion's jobs, in its transaction (the outbox). */
  async enqueue(db: Db, rows: NewDelivery[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('postback_deliveries').values(rows).execute();
  },

  async claim(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    return (await claimStatement(limit, leaseMs).execute(db)).rows;
  },

  /** When the next pending job is due (null: none pending). */
  async nextDueAt(db: Db): Promise<Date | null> {
    const row = await db
      .selectFrom('postback_deliveries')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.next ? new Date(row.next) : null;
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
      .where('created_at', '>=', since);
    if (postbackId !== null) q = q.where('postback_id', '=', postbackId);
    return (await q.returning('id').execute()).length;
  },
};
