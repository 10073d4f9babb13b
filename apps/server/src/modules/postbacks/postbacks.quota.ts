import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { POSTBACK_COUNT_RETRY_SECONDS, QUOTA_MESSAGES, QUOTAS } from '../../lib/quotas.ts';

/** Namespace of the advisory lock that serialises one publisher's postback saves. */
const LOCK_NAMESPACE = 1_900_020;

/**
 * Saves a postback within the publisher's counts (lib/quotas.ts): every active postback is one
 * more outbound call per conversion, so at most `QUOTAS.activePostbacks` are active at once and
 * `QUOTAS.postbacks` exist in all. The count and the write run under a per-publisher transaction
 * lock, so parallel saves from several processes cannot all slip under the limit. `exceptId` is
 * the postback being updated (it does not count against itself).
 */
export async function saveWithinCounts<T>(
  db: Db,
  publisherId: number,
  change: { status: 'active' | 'inactive'; exceptId: number | null },
  write: (trx: Db) => Promise<T>,
): Promise<T> {
  const run = async (trx: Db) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${publisherId})`.execute(trx);
    const counts = await trx
      .selectFrom('postbacks')
      .select((eb) => [
        eb.fn.countAll<string>().as('all'),
        eb.fn.count<string>('id').filterWhere('status', '=', 'active').as('active'),
      ])
      .where('publisher_id', '=', publisherId)
      .$if(change.exceptId !== null, (q) => q.where('id', '<>', change.exceptId!))
      .executeTakeFirstOrThrow();
    if (change.exceptId === null && Number(counts.all) >= QUOTAS.postbacks)
      throw tooManyRequests(POSTBACK_COUNT_RETRY_SECONDS, QUOTA_MESSAGES.postbacks);
    if (change.status === 'active' && Number(counts.active) >= QUOTAS.activePostbacks)
      throw tooManyRequests(POSTBACK_COUNT_RETRY_SECONDS, QUOTA_MESSAGES.activePostbacks);
    return write(trx);
  };
  // Inside a caller's transaction (the demo seed's), the lock is held to its end.
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
