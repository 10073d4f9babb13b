import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Signed postback deliveries: each publisher's HMAC key (`whsec_` + base64 of 32 random bytes),
 * made on first use and replaced by a rotation. It is kept in clear, like an advertiser's pixel
 * secret: the server needs the key itself to sign every delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE postback_signing_secrets (
      publisher_id integer PRIMARY KEY REFERENCES publishers (id) ON DELETE CASCADE,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    `,
  );
}
