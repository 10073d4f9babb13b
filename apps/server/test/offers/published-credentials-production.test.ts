import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';
import { DEMO_ADVERTISERS } from '../../src/seed/demo-advertisers.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { createCliDatabase, loadMigratedSnapshot } from '../helpers/cli-db.ts';
import { freePort } from '../helpers/free-port.ts';
import { testDbKind } from '../helpers/test-db.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A production start on a database whose advertisers still hold the demo network's published
 * credentials (tried in development, then switched to production) refuses to run, naming them and
 * how to rotate; once rotated, it starts.
 */
describe('a production start with published demo credentials live', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prod-cred-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' };
  let drop = async () => {};
  const [northwind, bluepeak] = DEMO_ADVERTISERS;
  let ids: { northwind: number; bluepeak: number; own: number };

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createCliDatabase();
      env['DATABASE_URL'] = made.url;
      drop = made.drop;
    } else await loadMigratedSnapshot(dataDir);
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir });
    await migrateToLatest(handle.db);
    const db = handle.db;
    ids = {
      northwind: (
        await networkService.createAdvertiser(db, {
          name: northwind!.name,
          token: northwind!.token,
          pixelSecret: northwind!.pixelSecret,
        })
      ).id,
      // Its token rotated already, its pixel secret not.
      bluepeak: (
        await networkService.createAdvertiser(db, { name: bluepeak!.name, pixelSecret: bluepeak!.pixelSecret })
      ).id,
      own: (await networkService.createAdvertiser(db, { name: 'Real Advertiser Inc' })).id,
    };
    await handle.close();
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

  it('refuses, naming each advertiser, what it holds and how to rotate; never printing a credential', async () => {
    const { code, output } = await start();
    expect(code, output).toBe(1);
    expect(output).toContain('Refusing to start in production');
    expect(output).toContain(
      `advertiser ${ids.northwind} ${northwind!.name}: the published demo conversion API token and pixel signing secret`,
    );
    expect(output).toContain(`advertiser ${ids.bluepeak} ${bluepeak!.name}: the published demo pixel signing secret`);
    expect(output).not.toContain('Real Advertiser Inc');
    expect(output).toContain('advertiser:rotate-token --published');
    expect(output).not.toContain(northwind!.token);
    expect(output).not.toContain(northwind!.pixelSecret);
    expect(output).not.toContain('Publisher portal is running');
  }, 60_000);

  it('starts once they are rotated', async () => {
    const rotated = runAdmin(['advertiser:rotate-token', '--published'], env);
    expect(rotated.status, rotated.stderr).toBe(0);
    const { code, output } = await start();
    expect(code, output).toBe('listening');
    expect(output).toContain('Publisher portal is running');
  }, 60_000);
});
