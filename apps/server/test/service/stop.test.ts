import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { createCliDatabase } from '../helpers/cli-db.ts';
import { createPublisher } from '../helpers/factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import { eventually, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { freePort } from '../helpers/free-port.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const serverBundle = path.join(root, 'apps/server/dist/server.js');

/** Newest modification time under a folder (as e2e/helpers/global-setup.ts decides a rebuild). */
function newest(dir: string): number {
  let max = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) max = Math.max(max, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return max;
}
const mtime = (file: string) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function buildIfStale() {
  const build = (workspace: string) => {
    const r = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error(`build of ${workspace} failed`);
  };
  const sources = Math.max(newest(path.join(root, 'packages/shared/src')), newest(path.join(root, 'apps/server/src')));
  if (mtime(serverBundle) < sources) build('@portal/server');
  // `npm start` builds everything when the web app is missing: do it here, once, instead.
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) build('@portal/web');
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** Whether a process runs (a zombie waiting for a reaper that is not ours counts as ended). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

interface Portal {
  proc: ChildProcess;
  url: string;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** The server's pid, from its log (under `npm start` it is not the spawned process). */
  serverPid: () => number;
}

const started: ChildProcess[] = [];
/** The server's JSON log lines carry its pid. */
const PID_LINE = /"pid":(\d+)/;

/** Runs the documented command (`node apps/server/dist/server.js`) or `node scripts/start.mjs`. */
async function startPortal(
  how: 'server' | 'start.mjs',
  env: Record<string, string>,
  opts: { detached?: boolean } = {},
): Promise<Portal> {
  const port = await freePort();
  const proc = spawn(process.execPath, [how === 'server' ? serverBundle : 'scripts/start.mjs'], {
    cwd: root,
    env: { ...baseEnv, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, which the test can signal as a whole.
    detached: opts.detached ?? false,
  });
  started.push(proc);
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the portal exited: ${out}`);
    // The banner is console.log; the JSON log line with the server's pid may come through its own
    // buffered stream a moment later.
    if (/Publisher portal is running/.test(out) && PID_LINE.test(out)) break;
    if (Date.now() > deadline) throw new Error(`the portal did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    proc,
    url,
    port,
    output: () => out,
    exited,
    serverPid: () => Number(PID_LINE.exec(out)?.[1]),
  };
}

const baseEnv: NodeJS.ProcessEnv = {};
let withDb: <T>(fn: (db: Db) => Promise<T>) => Promise<T>;
let cleanup = async () => {};
let rx: Receiver;
let fixture: { publisherId: number; offerId: number; token: string; finishId: number; cutId: number };

beforeAll(async () => {
  buildIfStale();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-stop-'));
  let databaseUrl: string | undefined;
  let firstOpen: Blob | undefined;
  if (testDbKind() === 'postgres') {
    const made = await createCliDatabase();
    databaseUrl = made.url;
    cleanup = made.drop;
  } else {
    // The migrated snapshot, unpacked into the data directory the server will open.
    firstOpen = new Blob([fs.readFileSync(inject('snapshotFile'))]);
  }
  // The embedded database has one user at a time: the test opens it only while no server runs.
  withDb = async (fn) => {
    const handle = await openDatabase({
      databaseUrl,
      dataDir,
      poolSize: 2,
      ...(firstOpen ? { loadDataDir: firstOpen } : {}),
    });
    firstOpen = undefined;
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };
  const drop = cleanup;
  cleanup = async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  Object.assign(baseEnv, process.env, {
    NODE_ENV: 'production',
    DEMO_SEED: 'false',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
    POSTBACK_TIMEOUT_MS: '10000',
  });
  delete baseEnv['DATABASE_URL'];
  if (databaseUrl) baseEnv['DATABASE_URL'] = databaseUrl;

  rx = await startReceiver();
  fixture = await withDb(async (db) => {
    const t = { app: { ctx: { db } } } as unknown as TestApp;
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const postback = (p: string) =>
      createTrackingPostback(t, pub.publisherId, { value: `${rx.url}${p}?tid={tid}`, offer_id: offer.offerId });
    return {
      publisherId: pub.publisherId,
      offerId: offer.offerId,
      token: offer.token,
      finishId: await postback('/finish'),
      cutId: await postback('/cut'),
    };
  });
}, 60_000);

afterAll(async () => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  await rx?.close();
  await cleanup();
});

/** A POST whose body arrives in two parts: in flight, reading its body, when the stop comes. */
function slowPost(url: string) {
  const body = JSON.stringify({ user_name: 'nobody@example.test', password: 'not-the-password' });
  const req = http.request(`${url}/api/v1/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
  // Connected: the server has the request's first bytes (a busy machine may take longer than a blink).
  const connected = new Promise<void>((resolve) => req.on('socket', (socket) => socket.once('connect', resolve)));
  req.write(body.slice(0, 10));
  return { answered, connected, finish: () => req.end(body.slice(10)) };
}

describe('stopping the portal', () => {
  it('SIGTERM to the server under load: requests in flight answered, every 302 stored, exit 0, port free', async () => {
    const portal = await startPortal('server', { SHUTDOWN_TIMEOUT_SECONDS: '4' });
    const agent = new Agent({ connections: 16, keepAliveTimeout: 10_000 });
    const tally = new Map<string, number>();
    const count = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
    let running = true;
    const worker = async () => {
      while (running) {
        try {
          const res = await request(`${portal.url}/c/${fixture.offerId}/${fixture.publisherId}`, { dispatcher: agent });
          await res.body.dump();
          count(String(res.statusCode));
        } catch {
          count('refused or closed');
          // The listener is gone once the stop has begun: nothing more to send.
          if (!alive(portal.proc.pid!)) break;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    // Sent first, so that the server has read its headers (it is in flight) when the stop comes.
    const slow = slowPost(portal.url);
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 1000));
    const before = tally.get('302') ?? 0;
    const signalled = performance.now();
    portal.proc.kill('SIGTERM');
    setTimeout(slow.finish, 300);
    const exit = await portal.exited;
    running = false;
    await Promise.all(workers);
    await agent.close();

    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(4000);
    expect(await slow.answered).toBe(401);
    expect(before).toBeGreaterThan(20);
    expect(
      [...tally.keys()].every((k) => ['302', '503', 'refused or closed'].includes(k)),
      JSON.stringify([...tally]),
    ).toBe(true);
    expect(portal.output()).toMatch(/"msg":"stopped"/);
    // Refused while stopping: each with its request line, in the error shape.
    if (tally.get('503')) expect(portal.output()).toMatch(/"route":"\/c\/:offerId\/:publisherId","status":503/);
    expect(await portFree(portal.port)).toBe(true);
    const stored = await withDb(async (db) => ({
      clicks: (
        await db
          .selectFrom('clicks')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('offer_id', '=', fixture.offerId)
          .executeTakeFirstOrThrow()
      ).n,
      batches: (
        await db
          .selectFrom('click_batches')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    }));
    // Every click answered 302 is a row, written out by the stop itself (no batch left behind).
    expect(Number(stored.clicks)).toBe(tally.get('302'));
    expect(Number(stored.batches)).toBe(0);
  });

  it('a request that never finishes does not hold the stop: its connection is cut before the bound, exit 0', async () => {
    const portal = await startPortal('server', { SHUTDOWN_TIMEOUT_SECONDS: '3' });
    const stuck = slowPost(portal.url);
    const cut = stuck.answered.then(
      (status) => `answered ${status}`,
      (err: Error) => `cut: ${err.message}`,
    );
    await stuck.connected;
    await new Promise((r) => setTimeout(r, 500));
    const signalled = performance.now();
    portal.proc.kill('SIGTERM');
    const exit = await portal.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    const took = exit.at - signalled;
    expect(took).toBeGreaterThan(2000);
    expect(took).toBeLessThan(3000);
    expect(await cut).toMatch(/^cut: /);
    expect(portal.output()).toMatch(/requests still open at the stop bound/);
    expect(portal.output()).toMatch(/"msg":"stopped"/);
    expect(portal.output()).not.toMatch(/stop did not finish in time/);
  });

  it('SIGINT, and SIGTERM to the whole process group (as systemd sends it): exit 0, nothing left running', async () => {
    const byInt = await startPortal('server', { SHUTDOWN_TIMEOUT_SECONDS: '5' });
    byInt.proc.kill('SIGINT');
    expect(await byInt.exited).toMatchObject({ code: 0, signal: null });
    expect(await portFree(byInt.port)).toBe(true);

    const group = await startPortal('start.mjs', { SHUTDOWN_TIMEOUT_SECONDS: '5' }, { detached: true });
    const server = group.serverPid();
    process.kill(-group.proc.pid!, 'SIGTERM');
    expect(await group.exited).toMatchObject({ code: 0, signal: null });
    await eventually(() => !alive(server), 5000);
    expect(await portFree(group.port)).toBe(true);
    // The server was signalled twice (by the group and by start.mjs passing it on) and stopped once.
    expect(group.output().match(/"msg":"stopped"/g)).toHaveLength(1);
  });

  it('`npm start` (scripts/start.mjs): SIGTERM stops it and the server with 0; SIGKILL leaves no orphan', async () => {
    const env = { SHUTDOWN_TIMEOUT_SECONDS: '5' };
    const first = await startPortal('start.mjs', env);
    const server = first.serverPid();
    expect(server).not.toBe(first.proc.pid);
    expect(alive(server), first.output()).toBe(true);
    first.proc.kill('SIGTERM');
    expect(await first.exited).toMatchObject({ code: 0, signal: null });
    expect(alive(server)).toBe(false);
    expect(await portFree(first.port)).toBe(true);

    const second = await startPortal('start.mjs', env);
    const orphan = second.serverPid();
    second.proc.kill('SIGKILL');
    await second.exited;
    // Its parent gone, the server stops as if signalled: it logs the stop and frees the port.
    await eventually(() => !alive(orphan), 8000);
    // Its last lines may still be in the pipe when it is gone.
    await eventually(() => /"msg":"stopped"/.test(second.output()), 3000).catch(() => undefined);
    expect(second.output()).toMatch(/"reason":"parent exited".*"msg":"stopping"/);
    expect(second.output()).toMatch(/"msg":"stopped"/);
    expect(await portFree(second.port)).toBe(true);
  });

  it('postback attempts in hand at a stop: one answered within the grace is recorded once, one cut is given back and sent again', async () => {
    // A stop may take 3 s: attempts get 1.5 s (delivery.jobs.ts, stopGraceMs). `/finish` answers
    // after 0.8 s; `/cut` never answers its first request.
    rx.behave((req, res) => {
      const p = new URL(req.url ?? '/', rx.url).pathname;
      const firstCut = p === '/cut' && rx.requests.filter((r) => r.url.startsWith('/cut')).length === 1;
      if (p === '/finish') setTimeout(() => res.end('ok'), 800);
      else if (!firstCut) res.end('ok');
    });
    const env = { SHUTDOWN_TIMEOUT_SECONDS: '3' };
    const portal = await startPortal('server', env);
    const click = await fetch(`${portal.url}/c/${fixture.offerId}/${fixture.publisherId}`, { redirect: 'manual' });
    const tid = new URL(click.headers.get('location')!).searchParams.get('clickid')!;
    const conversion = await fetch(`${portal.url}/postback?tid=${tid}&token=${fixture.token}`);
    expect(conversion.status).toBe(200);
    const canary = `pw-canary-${Date.now()}`;
    const failedLogin = await fetch(`${portal.url}/api/v1/user/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer header-canary-0123' },
      body: JSON.stringify({ user_name: 'nobody@example.test', password: canary }),
    });
    expect(failedLogin.status).toBe(401);
    await eventually(() => rx.open === 2);
    const signalled = performance.now();
    portal.proc.kill('SIGTERM');
    const exit = await portal.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(3000);
    expect(portal.output()).toMatch(/postback attempts given back at stop/);
    // The production process's own output (docs/reliability.md S4): the conversion call and the failed
    // login each have their line, and neither the advertiser's token nor the password nor the
    // bearer value is in any line.
    expect(portal.output()).toMatch(/"method":"GET","route":"\/postback","query":"tid&token","status":200/);
    expect(portal.output()).toMatch(/"route":"\/api\/v1\/user\/authenticate","status":401/);
    for (const secret of [fixture.token, canary, 'header-canary-0123']) expect(portal.output()).not.toContain(secret);

    const again = await startPortal('server', env);
    const sent = (p: string) => rx.requests.filter((r) => r.url.startsWith(p));
    await eventually(() => sent('/cut').length === 2);
    await new Promise((r) => setTimeout(r, 500));
    again.proc.kill('SIGTERM');
    expect(await again.exited).toMatchObject({ code: 0, signal: null });

    // `/finish` was sent once. `/cut` twice (at least once: its receiver may have seen the cut
    // request), both with the same event id, and recorded once.
    expect(sent('/finish')).toHaveLength(1);
    const [cut1, cut2] = sent('/cut');
    expect(cut1!.headers['x-postback-event-id']).toBe(cut2!.headers['x-postback-event-id']);
    const rows = await withDb(async (db) => ({
      deliveries: await db
        .selectFrom('postback_deliveries')
        .select(['postback_id', 'status', 'attempts'])
        .orderBy('postback_id')
        .execute(),
      attempts: await db
        .selectFrom('postback_attempts')
        .select(['postback_id', 'status_code'])
        .orderBy('postback_id')
        .execute(),
    }));
    expect(rows.deliveries).toEqual([
      { postback_id: fixture.finishId, status: 'delivered', attempts: 1 },
      { postback_id: fixture.cutId, status: 'delivered', attempts: 1 },
    ]);
    expect(rows.attempts).toEqual([
      { postback_id: fixture.finishId, status_code: 200 },
      { postback_id: fixture.cutId, status_code: 200 },
    ]);
  });
});
