export const testDbKind = (): 'pglite' | 'postgres' => (process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'pglite');

/** The local PostgreSQL server of the machine (trust auth, user postgres), or TEST_DATABASE_URL. */
export function adminUrl(database = 'postgres'): string {
  const base = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}
