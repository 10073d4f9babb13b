import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * An operator may decline a publisher's request for an approval-required offer, with a reason the
 * publisher sees on the offer's page (docs/operator-console.md, Offers): `offer_access_requests`
 * takes the status `declined` and keeps the reason in `decline_reason`. Asking again makes the
 * request anew (pending, without a reason).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE offer_access_requests DROP CONSTRAINT offer_access_requests_status_check;
    ALTER TABLE offer_access_requests ADD CONSTRAINT offer_access_requests_status_check
      CHECK (status IN ('pending', 'approved', 'declined'));
    ALTER TABLE offer_access_requests ADD COLUMN decline_reason text;
    `,
  );
}
