import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * An uploaded creative is served under an address nobody can guess (docs/security.md, Creatives):
 * `creative_files.token`, 64 hex digits from the database's strong random source, and the
 * creative's URL moves to it. The old address by number keeps answering for public offers only,
 * whose creatives every publisher sees anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE creative_files ADD COLUMN token text;
    UPDATE creative_files
      SET token = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
    ALTER TABLE creative_files ALTER COLUMN token SET NOT NULL;
    CREATE UNIQUE INDEX creative_files_token_idx ON creative_files (token);
    UPDATE creatives SET url = regexp_replace(creatives.url, '/media/creatives/[0-9]+$', '/media/creatives/' || f.token)
      FROM creative_files f
      WHERE f.creative_id = creatives.id;
    `,
  );
}
