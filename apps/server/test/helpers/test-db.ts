import crypto from 'node:crypto';
import pg from 'pg';

export const testDbKind = (): 'pglite' | 'postgres' => (process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'pglite');

/** The local PostgreSQL server of the machine (trust auth, user postgres), or TEST_DATABASE_URL. */
export function adminUrl(database = 'postgres'): string {
  const base = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One statement on the server's own database (CREATE or DROP DATABASE), on a connection of its own. */
export async function adminQuery(text: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/**
 * A new database on the local server named `{prefix}_{random}`, a copy of `template` (the run's
 * migrated template) or empty: its name, its URL and how to drop it.
 */
export async function createDatabase(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return { name, url: adminUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
