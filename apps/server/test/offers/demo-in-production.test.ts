import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, testDbKind } from '../helpers/test-db.ts';
import { freePort } from '../helpers/free-port.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A first production start (NODE_ENV=production, DEMO_SEED unset) on an empty database opens no
 * demo network: no published logins, no advertisers with tokens from the repository. The server
 * runs as an operator starts it, from its entry point, in a process of its own.
 */
describe('a production start on an empty database', () => {
  let child: ChildProcess;
  let url: string;
  let output = '';
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prod-'));

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createDatabase('portal_prod', inject('templateDb'));
      databaseUrl = made.url;
      dropDatabase = made.drop;
    }
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    };
    delete env['DEMO_SEED'];
    delete env['DATABASE_URL'];
    if (databaseUrl) env['DATABASE_URL'] = databaseUrl;
    child = spawn(process.execPath, [inject('serverBundle')], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 50_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
      try {
        if ((await fetch(`${url}/api/v1/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 60_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has no demo login, no demo advertiser token, and prints no demo logins', async () => {
    const login = await fetch(`${url}/api/v1/user/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: 'demo@portal.test', password: 'demo-password' }),
    });
    expect(login.status).toBe(401);
    const conversion = await fetch(`${url}/postback?tid=x&token=demo-adv-northwind-7f3a9c2e`);
    expect(conversion.status).toBe(403);
    expect(output).toContain('Publisher portal is running');
    expect(output).not.toContain('demo@portal.test');
    expect(output).not.toContain('DEMO_SEED=true in production');
  });
});
