import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Publisher API keys: only the key's SHA-256 is kept; `prefix` (`ppk_` and the key's
 * 8-character id) names it in lists and in the request log. A revoked key keeps its row (the
 * log's prefix still means something) but never authenticates again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE api_keys (
      id serial PRIMARY KEY,
      publisher_id integer NOT NULL REFERENCES publishers (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL UNIQUE,
      key_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz,
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_keys_publisher ON api_keys (publisher_id, id) WHERE revoked_at IS NULL;
    `,
  );
}
