import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Fair postback delivery (docs/tracking.md, Fairness).
 *
 * - `postback_deliveries.receiver_host`: the host (and port) a delivery goes to, as the URL names
 *   it, lower case; '' for a URL that does not parse. Pending deliveries get theirs from their URL.
 * - The pending jobs by publisher and due time, for the claim: the publishers with work, and each
 *   one's oldest due jobs.
 * - `postback_receivers`: a receiver host of a publisher that is failing. `failures` counts its
 *   consecutive failed rounds; its deliveries are not claimed until `resume_at`. A success removes
 *   the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE postback_deliveries ADD COLUMN receiver_host text NOT NULL DEFAULT '';
    UPDATE postback_deliveries
      SET receiver_host = lower(coalesce(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#]*)'), ''))
      WHERE status = 'pending';
    CREATE INDEX postback_deliveries_pending_idx ON postback_deliveries (publisher_id, next_attempt_at) WHERE status = 'pending';
    CREATE TABLE postback_receivers (
      publisher_id integer NOT NULL,
      host text NOT NULL,
      failures integer NOT NULL,
      resume_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (publisher_id, host)
    );
    `,
  );
}
