import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Unsigned pixels pay only what they prove (docs/tracking.md, Pixels):
 *
 * - `unsigned_pixel_clicks`: one row per click an unsigned pixel converted, written in the
 *   conversion's transaction (primary key: the click), so an unsigned pixel pays at most once per
 *   click whatever the event.
 * - `pixel_day_counts`: a publisher's unsigned pixel conversions per UTC day, raised in the
 *   conversion's transaction only while below the ceiling (`PIXEL_UNSIGNED_DAILY_LIMIT`, or the
 *   publisher's own `publishers.pixel_daily_limit` when the network set one).
 * - `cap_counters.pixel_count`: how much of a cap's count came from pixel conversions (counted
 *   from this version on).
 * - The refusal reasons grow by `unsigned_event`, `pixel_repeat` and `pixel_daily_limit`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE unsigned_pixel_clicks (
      click_id uuid PRIMARY KEY,
      offer_id integer NOT NULL,
      publisher_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE pixel_day_counts (
      publisher_id integer NOT NULL,
      day date NOT NULL,
      count integer NOT NULL CHECK (count >= 0),
      PRIMARY KEY (publisher_id, day)
    );

    ALTER TABLE publishers ADD COLUMN pixel_daily_limit integer CHECK (pixel_daily_limit >= 0);

    ALTER TABLE cap_counters ADD COLUMN pixel_count integer NOT NULL DEFAULT 0;

    ALTER TABLE conversion_refusals DROP CONSTRAINT IF EXISTS conversion_refusals_reason_check;
    ALTER TABLE conversion_refusals ADD CONSTRAINT conversion_refusals_reason_check CHECK (reason IN (
      'missing_token', 'bad_token', 'unknown_tid', 'unknown_event', 'lookback_expired', 'cap_reached', 'offer_inactive',
      'bad_request', 'transaction_conflict', 'pixel_not_allowed', 'postback_not_allowed', 'bad_signature', 'loop',
      'unsigned_event', 'pixel_repeat', 'pixel_daily_limit'));
    `,
  );
}
