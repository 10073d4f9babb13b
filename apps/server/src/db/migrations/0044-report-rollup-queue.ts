import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Events reach the report rollups through a queue (`modules/events`): each click batch adds one
 * row holding its clicks as parallel arrays, in the statement that stores them, and each conversion
 * a row of one in its transaction; `settleRollups` moves queued rows into the rollups, a second's
 * worth at a time and before every rollup read. `event_types` and `earnings` are null for clicks.
 * No key: rows are only appended and deleted all at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE report_rollup_queue (
      publisher_ids int4[] NOT NULL,
      offer_ids int4[] NOT NULL,
      landing_page_ids int4[] NOT NULL,
      sub_ids text[] NOT NULL,
      created_at timestamptz[] NOT NULL,
      uniques bool[] NOT NULL,
      event_types text[],
      earnings numeric[]
    );
    `,
  );
}
