import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DeliveryErrorClass, SendOutcome } from './delivery-http.ts';

/** The longest a failing receiver is left alone before its next round of attempts. */
export const RECEIVER_MAX_BACKOFF_MS = 15 * 60_000;
const MAX_RETRY_AFTER_MS = 3600_000;

/**
 * Failures that hold a slot or find nobody there: time-outs, connections refused or reset, DNS and
 * TLS failures; and a 429, which asks for it. A receiver that answers at once, even with an error
 * (a 5xx, a 4xx, a redirect), gives its slot straight back: only that delivery retries.
 */
const RECEIVER_FAILURES: ReadonlySet<DeliveryErrorClass> = new Set([
  'timeout',
  'connection',
  'dns',
  'tls',
  'rate_limited',
]);

/** The receiver a URL names: its host and port, lower case ('' if it does not parse). */
export function receiverHostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * A publisher's failing receivers back off on their own (docs/tracking.md, Fairness). A failure
 * while the receiver is not backing off starts a new round: `failures` + 1 and no delivery to it
 * is claimed for POSTBACK_RETRY_BASE_MS × 2^(failures − 1), at most 15 min, or a 429's Retry-After
 * if longer (at most 1 h). Failures of attempts that were in flight as the round began count with
 * it (a 429's Retry-After may still lengthen it).
 * A success ends the back-off. Each in the caller's transaction, with the attempt's record.
 */
export const receiverBackoff = {
  async record(
    db: Db,
    job: { publisher_id: number; receiver_host: string },
    o: SendOutcome,
    baseMs: number,
  ): Promise<void> {
    if (o.ok) {
      await db
        .deleteFrom('postback_receivers')
        .where('publisher_id', '=', job.publisher_id)
        .where('host', '=', job.receiver_host)
        .execute();
      return;
    }
    if (o.errorClass === null || !RECEIVER_FAILURES.has(o.errorClass)) return;
    const atLeast = o.errorClass === 'rate_limited' ? Math.min(MAX_RETRY_AFTER_MS, o.retryAfterMs ?? 0) : 0;
    const wait = (failures: RawBuilder<unknown>) =>
      sql`now() + interval '1 millisecond' * greatest(${atLeast}::float8, least(${RECEIVER_MAX_BACKOFF_MS}::float8, ${baseMs}::float8 * power(2, least(${failures}, 30))))`;
    await sql`
      INSERT INTO postback_receivers AS r (publisher_id, host, failures, resume_at, updated_at)
      VALUES (${job.publisher_id}, ${job.receiver_host}, 1, ${wait(sql`0`)}, now())
      ON CONFLICT (publisher_id, host) DO UPDATE SET
        failures = CASE WHEN r.resume_at <= now() THEN r.failures + 1 ELSE r.failures END,
        resume_at = CASE WHEN r.resume_at <= now() THEN ${wait(sql`r.failures`)}
          ELSE greatest(r.resume_at, now() + interval '1 millisecond' * ${atLeast}::float8) END,
        updated_at = now()`.execute(db);
  },

  /** Back-offs over for a day are forgotten (a later failure starts again from one). */
  async prune(db: Db): Promise<number> {
    const r = await db
      .deleteFrom('postback_receivers')
      .where('resume_at', '<', new Date(Date.now() - 86_400_000))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
