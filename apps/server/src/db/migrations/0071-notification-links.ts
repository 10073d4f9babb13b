import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * What a notification is about, beyond offers (docs/api.md Notifications): `context_domain` may
 * also name a postback (a failing-postback notice: its delivery log) or an invoice (an invoice
 * notice: that invoice), with its id in `context_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_context_domain_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_context_domain_check
      CHECK (context_domain IN ('offer', 'postback', 'invoice'));
    `,
  );
}
