import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import { chargeQuota, EXPORTS_IN_FLIGHT_RETRY_SECONDS, QUOTA_MESSAGES, QUOTAS } from '../../lib/quotas.ts';

/** Namespace of the advisory lock that serialises one publisher's export starts. */
const LOCK_NAMESPACE = 1_900_019;

/**
 * Creates an export job within the publisher's quotas (lib/quotas.ts): at most
 * `QUOTAS.exportsInFlight` jobs queued or running at once, and `QUOTAS.exportsPerHour` started per
 * hour. The count and the insert run under a per-publisher transaction lock, so parallel starts
 * from several processes cannot all slip under the limit; a refused start costs no hourly budget.
 */
export async function createWithinQuota(
  db: Db,
  publisherId: number,
  create: (trx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${publisherId})`.execute(trx);
    const { n } = await trx
      .selectFrom('export_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('publisher_id', '=', publisherId)
      .where('status', 'in', ['pending', 'processing'])
      .executeTakeFirstOrThrow();
    if (Number(n) >= QUOTAS.exportsInFlight)
      throw tooManyRequests(EXPORTS_IN_FLIGHT_RETRY_SECONDS, QUOTA_MESSAGES.exportsInFlight);
    await chargeQuota(trx, 'exportsPerHour', publisherId, QUOTA_MESSAGES.exports);
    await create(trx);
  });
}
