import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { createCliDatabase, loadMigratedSnapshot } from '../helpers/cli-db.ts';
import { freePort } from '../helpers/free-port.ts';
import { testDbKind } from '../helpers/test-db.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A production start on a database that held the demo network (its advertisers' credentials
 * rotated, or never there) refuses to run while a demo login, publisher or operator, still signs in
 * with the published `demo-password`, naming each and how to change it; once changed, it starts.
 */
describe('a production start with demo logins live', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prod-logins-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  let drop = async () => {};
  const withDb = async (fn: (db: Db) => Promise<void>) => {
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir });
    try {
      await fn(handle.db);
    } finally {
      await handle.close();
    }
  };

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createCliDatabase();
      env['DATABASE_URL'] = made.url;
      drop = made.drop;
    } else await loadMigratedSnapshot(dataDir);
    await withDb(async (db) => {
      await migrateToLatest(db);
      const published = await hashPassword('demo-password');
      const own = await hashPassword('a-password-of-its-own-2026');
      const user = (email: string, password_hash: string) =>
        db.insertInto('users').values({ email, password_hash, firstname: 'F', lastname: 'L' }).execute();
      await user('demo@portal.test', published);
      await user('multi@portal.test', own);
      await user('someone@network.test', published);
      await db
        .insertInto('operators')
        .values({ email: 'ops@portal.test', name: 'Olivia Ops', role: 'owner', password_hash: published })
        .execute();
    });
  }, 60_000);
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts the bundled server as an operator would; answers its exit code and output, or 'listening'. */
  const start = async (): Promise<{ code: number | 'listening'; output: string }> => {
    const port = await freePort();
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
    delete childEnv['DEMO_SEED'];
    if (!env['DATABASE_URL']) delete childEnv['DATABASE_URL'];
    const child = spawn(process.execPath, [inject('serverBundle')], { cwd: serverDir, env: childEnv });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? -1)));
    const deadline = Date.now() + 50_000;
    for (;;) {
      if (child.exitCode !== null) return { code: await exited, output };
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) {
          child.kill('SIGTERM');
          await exited;
          return { code: 'listening', output };
        }
      } catch {
        // not listening (yet)
      }
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`neither started nor exited: ${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('refuses, naming each demo login that still has the published password and how to change it', async () => {
    const { code, output } = await start();
    expect(code, output).toBe(1);
    expect(output).toContain('Refusing to start in production');
    expect(output).toMatch(/publisher demo@portal\.test: sign in at \/login and change it/);
    expect(output).toMatch(/operator ops@portal\.test: run `npm run admin -- operator:reset-password <email>`/);
    expect(output).toContain('operator:reset-password');
    // Its password changed already; and a login that is not the demo network's is none of its business.
    expect(output).not.toContain('multi@portal.test');
    expect(output).not.toContain('someone@network.test');
    expect(output).not.toContain('Publisher portal is running');
  }, 60_000);

  it('starts once their passwords are changed', async () => {
    await withDb(async (db) => {
      const own = await hashPassword('another-password-2026');
      await db.updateTable('users').set({ password_hash: own }).where('email', '=', 'demo@portal.test').execute();
      await db.updateTable('operators').set({ password_hash: own }).execute();
    });
    const { code, output } = await start();
    expect(code, output).toBe('listening');
    expect(output).toContain('Publisher portal is running');
  }, 60_000);
});
