import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Links that log in: an operator's impersonation link carries a one-time code, never a
 * session token.
 *
 * - `login_codes`: one row per code. Only the SHA-256 of the code is kept (the code itself is 32
 *   random bytes, printed once). A code is for one user and one publisher account, made by a
 *   named operator, expires a few minutes after it is made, and is used at most once: the
 *   exchange claims it with one UPDATE (`used_at IS NULL AND expires_at > now()`), so of two
 *   concurrent exchanges exactly one wins. `token_version` is the user's when the code was made:
 *   a password change (or anything else that ends the user's sessions) voids the code too.
 * - `impersonation_audit`: who let whom in, kept after codes are swept and after an account is
 *   deleted (no foreign keys; the e-mail is copied). One row when a code is made and one when it
 *   is exchanged, with the client address and user agent of the exchange.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE login_codes (
      id serial PRIMARY KEY,
      code_hash text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      token_version integer NOT NULL,
      operator text NOT NULL CHECK (operator <> ''),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX login_codes_expires_at ON login_codes (expires_at);

    CREATE TABLE impersonation_audit (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      action text NOT NULL CHECK (action IN ('code_created', 'code_exchanged')),
      operator text NOT NULL,
      user_id integer NOT NULL,
      user_email text NOT NULL,
      publisher_id integer NOT NULL,
      login_code_id integer,
      address text,
      user_agent text
    );
    CREATE INDEX impersonation_audit_at ON impersonation_audit (at);
    `,
  );
}
