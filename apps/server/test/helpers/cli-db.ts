import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { adminUrl } from './test-db.ts';

/**
 * A fresh PostgreSQL database from the migrated template, for tests that run the admin CLI in
 * another process against the same database as the test. Answers its URL and how to drop it.
 */
export async function createCliDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `portal_cli_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: adminUrl() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  return { url: adminUrl(name), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
