import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { createDatabase, testDbKind } from './test-db.ts';

/**
 * A fresh PostgreSQL database from the migrated template, for tests that run the admin CLI in
 * another process against the same database as the test. Answers its URL and how to drop it.
 */
export async function createCliDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return createDatabase('portal_cli', inject('templateDb'));
}

/**
 * The migrated database a test shares with the CLI processes it runs, as the environment both
 * open it with: a fresh PostgreSQL database from the template (`DATABASE_URL`), or on PGlite a data
 * directory (`DATA_DIR`) holding the run's migrated snapshot, so that neither the test nor the
 * first command creates and migrates an embedded database (several seconds a file). `seed` writes
 * the test's data in the same opening (PGlite: every opening starts the database anew). `remove`
 * drops the database and the directory.
 */
export async function createCliStore(
  prefix: string,
  seed?: (db: Db) => Promise<void>,
): Promise<{ env: { DATA_DIR: string; DATABASE_URL?: string }; remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const made = testDbKind() === 'postgres' ? await createCliDatabase() : null;
  const remove = async () => {
    await made?.drop();
    removeDir();
  };
  if (made && !seed) return { env: { DATA_DIR: dataDir, DATABASE_URL: made.url }, remove };
  try {
    // The embedded database opens DATA_DIR/pgdata, here loaded from the snapshot before it starts.
    const handle = await openDatabase(
      made
        ? { databaseUrl: made.url, dataDir }
        : { dataDir, loadDataDir: new Blob([fs.readFileSync(inject('snapshotFile'))]) },
    );
    try {
      await seed?.(handle.db);
    } finally {
      await handle.close();
    }
  } catch (e) {
    await remove();
    throw e;
  }
  return { env: { DATA_DIR: dataDir, ...(made ? { DATABASE_URL: made.url } : {}) }, remove };
}

/** PGlite: unpacks the run's migrated snapshot into a new data directory (`DATA_DIR`). */
export async function loadMigratedSnapshot(dataDir: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The path the server opens for DATA_DIR (db/database.ts).
  const pglite = await PGlite.create({
    dataDir: path.join(dataDir, 'pgdata'),
    loadDataDir: new Blob([fs.readFileSync(inject('snapshotFile'))]),
  });
  await pglite.close();
}

/**
 * A suite of admin CLI commands, each a process of its own: run in the PostgreSQL run only (the
 * database production runs the CLI on). The services and SQL the commands reach run on both
 * databases in the in-process tests, and every command opening the embedded database costs seconds
 * of its own; `operator-cli.test.ts` runs on both, for the CLI on the embedded database.
 */
export const describeCli = describe.skipIf(testDbKind() !== 'postgres');
