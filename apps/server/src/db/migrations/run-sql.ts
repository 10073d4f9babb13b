import { sql, type Kysely } from 'kysely';

/**
 * Runs a script statement by statement: both drivers prepare each query, and a prepared query
 * holds one statement. Statements end with ';' at the end of a line; a function body that needs
 * inner semicolons goes through its own `sql` call instead.
 */
export async function runSql(db: Kysely<unknown>, script: string): Promise<void> {
  for (const statement of script.split(/;\s*$/m)) {
    if (statement.trim()) await sql.raw(statement).execute(db);
  }
}
