import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Server logout: a logged-out session's id (the tokens' `sid` claim) is refused until
 * every token of that session has expired. The auth check reads it in the same query as the
 * user's token version; rows past `expires_at` are dropped whenever a session is revoked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE revoked_sessions (
      sid text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX revoked_sessions_expires_at ON revoked_sessions (expires_at);
    `,
  );
}
