import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/** CSV export jobs (docs/api.md "Generic CSV export"): claimed by any process with SKIP LOCKED. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE export_jobs (
      id uuid PRIMARY KEY,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      type text NOT NULL,
      request jsonb NOT NULL,
      timezone text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'error')),
      file_name text NOT NULL,
      row_count bigint,
      error text,
      data_as_of timestamptz,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX export_jobs_pending_idx ON export_jobs (created_at) WHERE status IN ('pending', 'processing');
    CREATE INDEX export_jobs_publisher_idx ON export_jobs (publisher_id, created_at);
    `,
  );
}
