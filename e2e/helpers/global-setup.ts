import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../apps/server/test/helpers/test-db.ts';
import { JWT_SECRET, startPortal, type PortalProcess } from './portal-process.ts';
import { makeTodaysTraffic, waitPastMidnight } from './todays-traffic.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker (VITEST_POOL_ID picks it: helpers/worker-server.ts). */
    servers: { baseUrl: string; port: number; dataDir: string }[];
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

/**
 * Builds what is stale, seeds the demo network once and starts one real server per worker on a
 * copy of it (embedded database or, with TEST_DB=postgres, PostgreSQL); stops them all after.
 */
export default async function setup(project: TestProject) {
  const shared = newest(path.join(root, 'packages/shared/src'));
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  if (mtime(webIndex) < Math.max(shared, newest(path.join(root, 'apps/web')))) build('@portal/web');
  const serverBundle = path.join(root, 'apps/server/dist/server.js');
  if (mtime(serverBundle) < Math.max(shared, newest(path.join(root, 'apps/server/src')))) build('@portal/server');

  // One server per worker, each on its own copy of one seeded demo network: files that run at
  // the same time never see each other's writes. The network is seeded once, with today's traffic,
  // by a first server that is then stopped, so that its database can be copied.
  const workers = Math.max(1, Number(project.config.maxWorkers ?? project.vitest.config.maxWorkers) || 1);
  const postgres = process.env['TEST_DB'] === 'postgres';
  const dirs: string[] = [];
  const databases: { drop: () => Promise<void> }[] = [];
  const running: PortalProcess[] = [];
  const cleanUp = async () => {
    await Promise.all(running.map((p) => p.stop()));
    for (const d of databases) await d.drop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  };
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
    dirs.push(d);
    return d;
  };

  try {
    const templateDir = tempDir();
    const template = postgres ? await createDatabase('portal_e2e_tpl') : undefined;
    if (template) databases.push(template);
    const seeder = await startPortal({ root, serverBundle, dataDir: templateDir, databaseUrl: template?.url });
    running.push(seeder);
    await waitPastMidnight();
    await makeTodaysTraffic(seeder.baseUrl, { email: 'demo@portal.test', password: 'demo-password' });
    // A stop commits the pending clicks and closes the database: the copies hold everything.
    await seeder.stop();
    running.pop();

    // The copies one after the other (a clone of a PostgreSQL template wants it to itself), then
    // the servers side by side.
    const copies: { dataDir: string; databaseUrl?: string }[] = [];
    for (let i = 0; i < workers; i++) {
      const dataDir = tempDir();
      if (template) {
        const database = await createDatabase('portal_e2e', template.name);
        databases.push(database);
        copies.push({ dataDir, databaseUrl: database.url });
      } else {
        fs.cpSync(templateDir, dataDir, { recursive: true });
        copies.push({ dataDir });
      }
    }
    const started = await Promise.all(
      copies.map(async (copy) => {
        const p = await startPortal({ root, serverBundle, ...copy });
        running.push(p);
        return p;
      }),
    );
    project.provide(
      'servers',
      started.map(({ baseUrl, port, dataDir }) => ({ baseUrl, port, dataDir })),
    );
    project.provide('jwtSecret', JWT_SECRET);
  } catch (err) {
    await cleanUp();
    throw err;
  }
  return cleanUp;
}
