import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';
import { createDatabase } from '../../apps/server/test/helpers/test-db.ts';
import { makeTodaysTraffic } from './todays-traffic.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
    dataDir: string;
    jwtSecret: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Newest modification time under a folder (skipping node_modules and dist). */
function newest(dir: string): number {
  let max = 0;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else max = Math.max(max, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return max;
}

const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function build(workspace: string) {
  // Vitest sets NODE_ENV=test, which would give React's development build.
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`build of ${workspace} failed`);
}

/** Builds what is stale, starts the real server on a fresh embedded database, and stops it after. */
export default async function setup(project: TestProject) {
  const shared = newest(path.join(root, 'packages/shared/src'));
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  if (mtime(webIndex) < Math.max(shared, newest(path.join(root, 'apps/web')))) build('@portal/web');
  const serverBundle = path.join(root, 'apps/server/dist/server.js');
  if (mtime(serverBundle) < Math.max(shared, newest(path.join(root, 'apps/server/src')))) build('@portal/server');

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const jwtSecret = 'e2e-secret-0123456789abcdef0123456789abcdef';
  const baseUrl = `http://localhost:${port}`;
  const database = process.env['TEST_DB'] === 'postgres' ? await createDatabase('portal_e2e') : undefined;
  const child: ChildProcess = spawn(process.execPath, [serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: baseUrl,
      // Each browser context sends its own X-Forwarded-For, so per-address throttles do not
      // add up across the whole suite.
      TRUST_PROXY: '127.0.0.1',
      DATABASE_URL: database?.url ?? '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));

  const deadline = Date.now() + 170_000;
  for (;;) {
    if (exited) throw new Error('the server exited during start');
    try {
      const r = await fetch(`${baseUrl}/api/v1/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the server did not become healthy in time');
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  try {
    await makeTodaysTraffic(baseUrl, { email: 'demo@portal.test', password: 'demo-password' });
  } catch (err) {
    child.kill('SIGKILL');
    await database?.drop();
    throw err;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('port', port);
  project.provide('dataDir', dataDir);
  project.provide('jwtSecret', jwtSecret);

  return async () => {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, 10_000);
        child.on('exit', () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
