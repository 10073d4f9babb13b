import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * What the advertiser pays the network (docs/tracking.md, Revenue).
 *
 * - `offer_events.revenue` / `revenue_type`: per event, an amount (`cpa`) or a percentage of the
 *   sale amount (`revshare`), beside the publisher's payout. Events that had none earn 0.
 * - `conversions.revenue`: the revenue of the conversion, priced when it is recorded, as its payout
 *   is; the network's margin is revenue minus payout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE offer_events
      ADD COLUMN revenue numeric(14, 4) NOT NULL DEFAULT 0 CHECK (revenue >= 0),
      ADD COLUMN revenue_type text NOT NULL DEFAULT 'cpa' CHECK (revenue_type IN ('cpa', 'revshare'));
    ALTER TABLE conversions ADD COLUMN revenue numeric(14, 4) NOT NULL DEFAULT 0;
    `,
  );
}
