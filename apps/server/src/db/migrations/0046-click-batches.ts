import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * A click is durable once its batch is (DESIGN.md §4): the click writer's group commit appends one
 * row per batch here, the batch's clicks (and fallbacks) as the JSON the writer built, and answers
 * the 302s after that COMMIT. `settleEvents` (`reports.ingest.ts`) then takes the rows — about a
 * second later, and before anything reads clicks, unique windows or rollups — and writes
 * `clicks`, `click_uniques`, `click_fallbacks` and the rollups from them in one statement.
 *
 * Appending a row costs the click path next to nothing in the database; the per-click work (the
 * unique-window upsert, the click row and its indexes, the rollups) is done a second's worth at a
 * time, off the path the 302 waits for (README, tracking benchmark). No key: rows are only
 * appended and taken all at once. The texts are stored out of line without a compression attempt
 * (a batch is a few kB of little-repeating JSON, read once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE click_batches (
      clicks text,
      fallbacks text
    );
    ALTER TABLE click_batches ALTER COLUMN clicks SET STORAGE EXTERNAL, ALTER COLUMN fallbacks SET STORAGE EXTERNAL;
    `,
  );
}
