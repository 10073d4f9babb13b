import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * View as publisher lasts with the operator's own console session (docs/security.md): the login code
 * keeps the operator's sign-in session and token version when it was made, and the session it
 * opens carries them, so it ends when the operator signs out, is disabled, or changes their
 * password or two-factor. Codes made before have neither: their sessions end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE login_codes ADD COLUMN operator_session_id text;
    ALTER TABLE login_codes ADD COLUMN operator_token_version integer;
    `,
  );
}
