import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * The console's Publishers area (docs/operator-console.md "Publishers").
 *
 * - `login_codes.operator_id`: the console's operator who made the code (null for the command
 *   line's). The session the code opens carries it, and the publisher API checks that operator's
 *   role on every write of the session: a viewer's view-as session reads only.
 * - The list of publishers, by status and newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE login_codes ADD COLUMN operator_id integer REFERENCES operators(id) ON DELETE SET NULL;
    CREATE INDEX publishers_status_id ON publishers (status, id);
    `,
  );
}
