import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * The operator console's accounts and its audit log (docs/operator-console.md).
 *
 * - `operators`: the network's staff, apart from publisher users. The e-mail is unique whatever its
 *   case. `password_hash` stays null until the invited operator sets one from their one-time link.
 *   Two-factor columns as users have them; `token_version` is bumped by a password change, a
 *   two-factor change or disabling the account, and every earlier token then stops working.
 * - `operator_recovery_codes`: hashes of the two-factor recovery codes, each usable once.
 * - `operator_password_tokens`: one-time set-password links (invitation or CLI), kept as SHA-256,
 *   expiring; claimed by one UPDATE, so a link works once however many requests race for it.
 * - `operator_revoked_sessions`: logged-out sessions (the token's `sid`) until their tokens expire.
 * - `audit_log`: every operator write, in the write's own transaction: who (the operator, and a
 *   label kept as it was then: their e-mail, or `cli:<os user>` for the command line), when, what
 *   (`publisher.approve`), on which object, the object before and after, the reason given and the
 *   client address. No foreign key: the history outlives what it speaks of.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE operators (
      id serial PRIMARY KEY,
      email text NOT NULL CHECK (email <> ''),
      name text NOT NULL,
      password_hash text,
      role text NOT NULL CHECK (role IN ('owner', 'manager', 'viewer')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      totp_secret text,
      totp_pending_secret text,
      totp_enabled boolean NOT NULL DEFAULT false,
      totp_last_step bigint,
      token_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz
    );
    CREATE UNIQUE INDEX operators_email ON operators (lower(email));

    CREATE TABLE operator_recovery_codes (
      id serial PRIMARY KEY,
      operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX operator_recovery_codes_operator ON operator_recovery_codes (operator_id);

    CREATE TABLE operator_password_tokens (
      id serial PRIMARY KEY,
      operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX operator_password_tokens_operator ON operator_password_tokens (operator_id);

    CREATE TABLE operator_revoked_sessions (
      sid text PRIMARY KEY,
      operator_id integer NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX operator_revoked_sessions_expires_at ON operator_revoked_sessions (expires_at);

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      operator_id integer,
      actor text NOT NULL CHECK (actor <> ''),
      action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_-]*(\\.[a-z][a-z0-9_-]*)+$'),
      object_type text NOT NULL,
      object_id text,
      before jsonb,
      after jsonb,
      reason text,
      address text
    );
    CREATE INDEX audit_log_operator ON audit_log (operator_id, id);
    CREATE INDEX audit_log_object ON audit_log (object_type, object_id, id);
    CREATE INDEX audit_log_at ON audit_log (at);
    `,
  );
}
