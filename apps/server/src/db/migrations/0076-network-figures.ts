import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * The network's figures for the console's Overview (docs/operator-console.md, Overview).
 *
 * - `report_publisher_rollups.revenue`: what the advertisers pay for the publisher's approved
 *   conversions (`conversions.revenue`) in the bucket, beside `earnings` (their payout), so the
 *   network's revenue, payout and margin of a day or a month are sums of day rows. Filled here
 *   from the stored conversions; the queue's `revenues` carries each queued conversion's, added by
 *   the settle (a row queued before this has none: its revenue is already in the rollup from here).
 * - The day rows of every publisher by day (`report_publisher_rollups_days_idx`): the network's
 *   today and month to date read one row per publisher and day, never the finer buckets.
 * - `postback_receivers.failing_since`: when the receiver's current run of failures began (a
 *   success removes the row, so a later failure starts a new one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE report_publisher_rollups ADD COLUMN revenue numeric(18, 4) NOT NULL DEFAULT 0;
    ALTER TABLE report_rollup_queue ADD COLUMN revenues numeric[];

    INSERT INTO report_publisher_rollups AS r (publisher_id, grain, bucket, revenue)
    SELECT c.publisher_id, g.grain, date_bin(g.width, c.created_at, timestamptz '2000-01-01 00:00:00+00'), sum(c.revenue)
    FROM conversions c
    CROSS JOIN (VALUES (1::int2, interval '15 minutes'), (2::int2, interval '1 hour'), (3::int2, interval '1 day')) AS g(grain, width)
    WHERE c.status = 'approved' AND c.revenue <> 0
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (publisher_id, grain, bucket) DO UPDATE SET revenue = EXCLUDED.revenue;

    CREATE INDEX report_publisher_rollups_days_idx ON report_publisher_rollups (bucket)
      INCLUDE (clicks, conversions, partials, upsells, earnings, revenue) WHERE grain = 3;

    ALTER TABLE postback_receivers ADD COLUMN failing_since timestamptz NOT NULL DEFAULT now();
    UPDATE postback_receivers SET failing_since = updated_at;
    `,
  );
}
