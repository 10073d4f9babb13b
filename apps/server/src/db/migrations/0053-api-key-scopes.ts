import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * API keys get a scope, a mandatory expiry and the token version of the user who made them.
 *
 * - `scope`: `read` (reports, totals, offers, invoices) or `read_write` (the postbacks too).
 * - `token_version`: the user's when the key was made. A key works only while it equals the
 *   user's, so "log out everywhere", a password reset and a two-factor change (which bump the
 *   user's version) end every key; a password change by the signed-in owner carries the keys to
 *   the new version.
 * - `expires_at` is required from now on (at most a year ahead).
 *
 * Keys made before this were made from a session alone (no password), with every scope and often
 * no expiry: they keep working as `read` keys until at most 90 days from now, so scripts do not
 * break at the upgrade, and a key made with a borrowed session loses the postbacks and ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE api_keys
      ADD COLUMN scope text NOT NULL DEFAULT 'read' CHECK (scope IN ('read', 'read_write')),
      ADD COLUMN token_version integer;
    UPDATE api_keys SET
      token_version = users.token_version,
      expires_at = least(coalesce(api_keys.expires_at, now() + interval '90 days'), now() + interval '90 days')
    FROM users WHERE users.id = api_keys.user_id;
    ALTER TABLE api_keys
      ALTER COLUMN token_version SET NOT NULL,
      ALTER COLUMN expires_at SET NOT NULL;
    CREATE INDEX api_keys_user ON api_keys (user_id) WHERE revoked_at IS NULL;
    `,
  );
}
