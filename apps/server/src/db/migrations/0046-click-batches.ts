import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * A click is durable once its batch is (docs/tracking.md): the click writer's group commit appends one
 * row per batch here, the batch's clicks (and fallbacks) as the JSON the writer built, and answers
 * the 302s after that COMMIT. `settleEvents` (`events.service.ts`) then takes the rows — about a
 * second later, and before anything reads clicks, unique windows or rollups — and writes
 * `clicks`, `click_uniques`, `click_fallbacks` and the rollups from them, each row in the same
 * statement that deletes it.
 *
 * Appending a row costs the click path little in the database; the per-click work (the
 * unique-window upsert, the click row and its indexes, the rollups) is done a second's worth at a
 * time, off the path the 302 waits for (bench/README.md, tracking). No key: rows are only
 * appended and taken all at once.
 *
 * A batch the settle cannot write out (a value the click path let through that a column refuses)
 * is set aside in `click_batches_rejected` with the database's error, so it does not hold every
 * later batch back, and stays there for an operator; the numbered id tells the batches apart.
 *
 * How a batch's text is stored (measured, bench/README.md): where the server has lz4, compressed with it
 * and kept in the row up to a page (a batch of 60 clicks, 17 kB of JSON, becomes 6 kB in the heap
 * page: no TOAST rows, a third of the WAL); otherwise (PGlite has only pglz, whose compression
 * costs more than it saves here) out of line without a compression attempt.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const modes = await sql<{
    enumvals: string[];
  }>`SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db);
  const lz4 = modes.rows[0]?.enumvals.includes('lz4') ?? false;
  await runSql(
    db,
    lz4
      ? `
    CREATE TABLE click_batches (
      id bigint GENERATED ALWAYS AS IDENTITY,
      clicks text COMPRESSION lz4,
      fallbacks text COMPRESSION lz4
    ) WITH (toast_tuple_target = 8160);
    ALTER TABLE click_batches ALTER COLUMN clicks SET STORAGE MAIN, ALTER COLUMN fallbacks SET STORAGE MAIN;
    `
      : `
    CREATE TABLE click_batches (
      id bigint GENERATED ALWAYS AS IDENTITY,
      clicks text,
      fallbacks text
    );
    ALTER TABLE click_batches ALTER COLUMN clicks SET STORAGE EXTERNAL, ALTER COLUMN fallbacks SET STORAGE EXTERNAL;
    `,
  );
  await runSql(
    db,
    `
    CREATE TABLE click_batches_rejected (
      id bigint PRIMARY KEY,
      rejected_at timestamptz NOT NULL DEFAULT now(),
      error text NOT NULL,
      clicks text,
      fallbacks text
    );
    `,
  );
}
