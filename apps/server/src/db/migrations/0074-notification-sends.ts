import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * The operator console's Notifications and Advertisers areas (docs/operator-console.md).
 *
 * - `notification_sends`: one row per notice an operator sends (console or CLI): its title, body,
 *   urgency, audience (every active publisher, or chosen ones), how many publishers got it and who
 *   sent it. Each publisher's copy in `notifications` points at it with `send_id`, so the sent list
 *   counts recipients and reads from the copies.
 * - `advertisers.api_token_rotated_at` and `pixel_secret_rotated_at`: when each credential was last
 *   replaced (null: never since it was made). The audit log records a rotation with these times,
 *   never with a secret.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE notification_sends (
      id serial PRIMARY KEY,
      summary text NOT NULL,
      -- Sanitized HTML, as each copy holds it.
      description text NOT NULL DEFAULT '',
      urgent boolean NOT NULL DEFAULT false,
      audience text NOT NULL CHECK (audience IN ('all', 'chosen')),
      recipients integer NOT NULL DEFAULT 0,
      operator_id integer REFERENCES operators(id),
      -- The operator's e-mail as it was, or cli:<os user>.
      actor text NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE notifications ADD COLUMN send_id integer REFERENCES notification_sends(id);
    CREATE INDEX notifications_send_idx ON notifications (send_id) WHERE send_id IS NOT NULL;

    ALTER TABLE advertisers ADD COLUMN api_token_rotated_at timestamptz;
    ALTER TABLE advertisers ADD COLUMN pixel_secret_rotated_at timestamptz;
    `,
  );
}
