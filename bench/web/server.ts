import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/test/helpers/free-port.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Newest modification time under a folder (skipping node_modules and dist), as e2e/helpers/global-setup.ts does. */
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

export interface BuildOutcome {
  workspace: string;
  /** Why it was built, or null when it was up to date. */
  reason: string | null;
  ok: boolean;
  seconds: number;
  /** The build's last lines when it failed (the login page budget check prints there). */
  tail: string[];
}

function build(workspace: string, reason: string): BuildOutcome {
  const t0 = performance.now();
  // NODE_ENV=production: a test or development NODE_ENV in the caller's shell would give React's
  // development build.
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.split('\n').filter((l) => l.trim() !== '');
  return {
    workspace,
    reason,
    ok: r.status === 0,
    seconds: (performance.now() - t0) / 1000,
    tail: r.status === 0 ? [] : out.slice(-25),
  };
}

/**
 * Builds what is stale (what `npm run build` builds: the web app, then the server bundle), as the
 * end-to-end setup decides it: sources newer than the built file. BENCH_SKIP_BUILD=1 skips it.
 */
export function buildStale(): BuildOutcome[] {
  const shared = newest(path.join(root, 'packages/shared/src'));
  const outcomes: BuildOutcome[] = [];
  const webIndex = path.join(root, 'apps/web/dist/index.html');
  const serverBundle = path.join(root, 'apps/server/dist/server.js');
  const skip = Boolean(process.env['BENCH_SKIP_BUILD']);
  const webStale = !fs.existsSync(webIndex) || mtime(webIndex) < Math.max(shared, newest(path.join(root, 'apps/web')));
  const serverStale =
    !fs.existsSync(serverBundle) || mtime(serverBundle) < Math.max(shared, newest(path.join(root, 'apps/server/src')));
  for (const [workspace, stale, file] of [
    ['@portal/web', webStale, webIndex],
    ['@portal/server', serverStale, serverBundle],
  ] as const) {
    if (!stale) outcomes.push({ workspace, reason: null, ok: true, seconds: 0, tail: [] });
    else if (skip && fs.existsSync(file))
      outcomes.push({ workspace, reason: 'stale, not rebuilt (BENCH_SKIP_BUILD)', ok: true, seconds: 0, tail: [] });
    else outcomes.push(build(workspace, fs.existsSync(file) ? 'sources newer than the build' : 'not built yet'));
  }
  return outcomes;
}

export interface Server {
  baseUrl: string;
  port: number;
  /** The copy of apps/web/dist the server serves (WEB_DIST_DIR). */
  webDist: string;
  seedSeconds: number;
  /** Error lines the server logged so far. */
  errors: string[];
  stop: () => Promise<void>;
}

/**
 * Starts the production bundle as `npm start` runs it (`node apps/server/dist/server.js`) on a free
 * loopback port, a fresh embedded database in a temporary DATA_DIR and the demo network, and waits
 * for GET /api/v1/health. The web app it serves is a copy of apps/web/dist taken now (WEB_DIST_DIR),
 * so a rebuild by someone else during the run cannot pull the files out from under the browser.
 */
export async function startServer(): Promise<Server> {
  const port = await freePort();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const dataDir = path.join(tmp, 'data');
  const webDist = path.join(tmp, 'web-dist');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  // localhost, not 127.0.0.1: the demo network's default business unit is the host name localhost.
  const baseUrl = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      PUBLIC_URL: baseUrl,
      WEB_DIST_DIR: webDist,
      TZ: 'UTC',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const errors: string[] = [];
  const onLine = (line: string) => {
    if (!line.trim()) return;
    recent.push(line);
    if (recent.length > 40) recent.shift();
    // pino lines: level 50 and up are errors; anything on stderr that is not JSON is one too.
    let level = 0;
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 0;
    } catch {
      // the start banner and other plain text
    }
    if (level >= 50) errors.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buf = '';
    stream.setEncoding('utf8');
    stream.on('data', (d: string) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // Never leave the server or its files behind, whatever ends this process.
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exitedPromise;
      clearTimeout(timer);
    }
    process.removeListener('exit', killOnExit);
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  const t0 = performance.now();
  const deadline = Date.now() + 300_000; // seeding the demo network takes 15-60 s on a quiet machine
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server exited during start:\n${recent.join('\n')}`);
    }
    try {
      const r = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(5000) });
      if (r.ok) break;
    } catch {
      // not listening yet (it listens once the demo network is seeded)
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not become healthy within 300 s:\n${recent.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, port, webDist, seedSeconds: (performance.now() - t0) / 1000, errors, stop };
}

export interface Login {
  token: string;
  publisherId: string | null;
}

/** The demo publisher's session token, from the API the login form calls. */
export async function login(baseUrl: string): Promise<Login> {
  const r = await fetch(`${baseUrl}/api/v1/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: 'demo@portal.test', password: 'demo-password' }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`login answered ${r.status}: ${text.slice(0, 300)}`);
  const token = (JSON.parse(text) as { data?: { jwt?: string } }).data?.jwt;
  if (!token) throw new Error(`login answered no token: ${text.slice(0, 300)}`);
  // The publisher id the app stores beside the token (session.ts: the token's `pub` claim).
  let publisherId: string | null = null;
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      pub?: unknown;
    };
    if (typeof payload.pub === 'number') publisherId = String(payload.pub);
  } catch {
    // not a readable JWT: the app copes without the id
  }
  return { token, publisherId };
}

/** What the web app keeps in local storage for a logged-in user (apps/web/src/lib/session.ts). */
export function sessionEntries(s: Login): { name: string; value: string }[] {
  const entries = [{ name: 'jwt_token', value: s.token }];
  if (s.publisherId) entries.push({ name: 'publisher_id', value: s.publisherId });
  return entries;
}
