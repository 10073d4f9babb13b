/**
 * Tracking engine benchmark (`npm run bench -- tracking`): durable click redirects per second with
 * p50/p99 at 50 and 200 connections on the PostgreSQL server and on embedded PGlite, beside a bare
 * Fastify server answering the same 302 in the same run; and conversion ingestion per second with
 * postback job creation. Servers run in child processes; the load client runs here.
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { build } from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Pool } from 'undici';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { sha256 } from '../apps/server/src/lib/tokens.ts';
import { cpuPerRequest, cpuSample, type CpuSample } from './tracking/cpu.ts';
import { runLoad, type LoadResult } from './tracking/load-client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 8);
const adminUrl = (db = 'postgres') => {
  const u = new URL(process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = `/${db}`;
  return u.toString();
};

/**
 * The servers run as the production server does (`apps/server/build.mjs`): bundled by esbuild, the
 * server's dependencies left to node_modules, and started with plain `node`.
 */
async function bundle(script: string): Promise<string> {
  const pkg = JSON.parse(fs.readFileSync(path.join(here, '../apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // Inside the repository, so the bundle finds node_modules.
  const outdir = path.join(here, '../node_modules/.cache/portal-bench');
  await build({
    entryPoints: [path.join(here, 'tracking', script)],
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: Object.keys(pkg.dependencies),
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    supported: { 'import-attributes': true },
    logLevel: 'error',
  });
  return path.join(outdir, script.replace(/\.ts$/, '.js'));
}

/** `stdoutFile`: the server's standard output (its log) goes to this file; the port comes over IPC. */
async function startServer(
  script: string,
  env: Record<string, string>,
  stdoutFile?: string,
): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_PROFILE=<dir> writes a V8 CPU profile of each server process there.
  const profile = process.env['BENCH_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE']}`] : [];
  const out = stdoutFile ? fs.openSync(stdoutFile, 'w') : null;
  const child = spawn(process.execPath, [...profile, await bundle(script)], {
    stdio: out === null ? ['ignore', 'pipe', 'inherit'] : ['ignore', out, 'inherit', 'ipc'],
    env: { ...process.env, ...env, TZ: 'UTC' },
  });
  if (out !== null) fs.closeSync(out);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const ready = (d: unknown) => {
      const m = /READY (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    };
    if (out === null) child.stdout!.on('data', ready);
    else child.on('message', ready);
  });
  return { port, child };
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

interface Network {
  publisherId: number;
  offerId: number;
  token: string;
}

async function seedNetwork(db: Db): Promise<Network> {
  const pub = await db
    .insertInto('publishers')
    .values({ name: 'Bench publisher', status: 'active', referral_code: `b${crypto.randomBytes(4).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = crypto.randomBytes(16).toString('hex');
  const adv = await db
    .insertInto('advertisers')
    .values({ name: 'Bench advertiser', api_token_hash: sha256(token) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await db
    .insertInto('offers')
    .values({ advertiser_id: adv.id, name: 'Bench offer', payout: 5 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('offer_events').values({ offer_id: offer.id, name: 'Sale', payout: 5, is_base: true }).execute();
  await db
    .insertInto('landing_pages')
    .values({
      offer_id: offer.id,
      name: 'Main',
      url: 'https://shop.example/landing?clickid={tid}&s1={s1}',
      is_default: true,
    })
    .execute();
  // One global postback: each conversion writes a delivery job (the worker's sends fail fast: .invalid).
  await db
    .insertInto('postbacks')
    .values({
      publisher_id: pub.id,
      name: 'Bench',
      type: 'postback',
      value: 'https://receiver.invalid/pb?tid={tid}&p={conversion_earnings}',
    })
    .execute();
  return { publisherId: pub.id, offerId: offer.id, token };
}

/**
 * Clicks as traffic brings them: every one from a new visitor (its own user agent), s1 one of
 * 1,000 placements. `uniqueSubIds` gives every click its own s1 instead: the worst case for the
 * sub-ID rollup, one row per click.
 */
const clickPath =
  (n: Network, uniqueSubIds = false) =>
  (i: number) =>
    `/c/${n.offerId}/${n.publisherId}?s1=${uniqueSubIds ? `b${i}` : `placement-${i % 1000}`}&pub_source=bench`;
const visitor = (i: number) => ({ 'user-agent': `Mozilla/5.0 (bench visitor ${i})` });

async function measureClicks(
  server: { port: number; child: ChildProcess },
  net: Network,
  connections: number,
  uniqueSubIds = false,
): Promise<LoadResult & { cpu: string }> {
  let before: CpuSample | null = null;
  let after: CpuSample | null = null;
  const pid = server.child.pid!;
  const r = await runLoad({
    origin: `http://127.0.0.1:${server.port}`,
    path: clickPath(net, uniqueSubIds),
    headers: visitor,
    connections,
    seconds: SECONDS,
    warmupSeconds: 2,
    onMeasure: (phase) => (phase === 'start' ? (before = cpuSample(pid)) : (after = cpuSample(pid))),
  });
  return { ...r, cpu: before && after ? cpuPerRequest(before, after, r.requests) : '' };
}

/** Conversions per second over HTTP (/postback), each on a fresh click, with its postback job. */
async function measureConversions(
  port: number,
  net: Network,
  count: number,
  connections: number,
): Promise<{ rps: number; p99: number }> {
  const origin = `http://127.0.0.1:${port}`;
  const pool = new Pool(origin, { connections });
  const tids: string[] = [];
  for (let i = 0; i < count; i += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, async (_, k) => {
        const r = await pool.request({
          method: 'GET',
          path: `/c/${net.offerId}/${net.publisherId}?s1=conv${i + k}`,
          headers: { 'user-agent': `ua${i + k}` },
        });
        await r.body.dump();
        return new URL(String(r.headers['location'])).searchParams.get('clickid')!;
      }),
    );
    tids.push(...batch);
  }
  // Conversions come minutes to days after their clicks, by which time the clicks are written out
  // (a conversion whose click is still in its stored batch waits for the settle; the API tests
  // cover that case).
  await new Promise((r) => setTimeout(r, 2000));
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < tids.length) {
        const tid = tids[next++]!;
        const t0 = performance.now();
        const r = await pool.request({ method: 'GET', path: `/postback?tid=${tid}&token=${net.token}&amount=10` });
        await r.body.dump();
        if (r.statusCode !== 200) throw new Error(`conversion answered ${r.statusCode}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return { rps: tids.length / seconds, p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

/**
 * What the request log costs on the click path: two PostgreSQL servers with the log on at info,
 * written to a file as a service manager captures standard output, one logging every tracking
 * request (TRACKING_LOG=all), one with the default (errors only); measured alternately, the order
 * reversed each round (BENCH_LOG_ROUNDS, default 2).
 */
async function measureLogging(databaseUrl: string, net: Network): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-log-'));
  const modes = ['errors', 'all'] as const;
  const servers = new Map<string, { port: number; child: ChildProcess }>();
  for (const mode of modes) {
    const env = {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '10',
      DATA_DIR: fs.mkdtempSync(path.join(dir, 'data-')),
      BENCH_LOG: '1',
      TRACKING_LOG: mode,
    };
    servers.set(mode, await startServer('tracking-server.ts', env, path.join(dir, `${mode}.log`)));
  }
  const runs = new Map<string, LoadResult[]>();
  const rounds = Number(process.env['BENCH_LOG_ROUNDS'] ?? 2);
  for (let round = 0; round < rounds; round++) {
    for (const c of [50, 200]) {
      for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
        const r = await measureClicks(servers.get(mode)!, net, c);
        runs.set(`${mode}@${c}`, [...(runs.get(`${mode}@${c}`) ?? []), r]);
        console.log(`click, PostgreSQL, log ${mode.padEnd(6)} @${String(c).padStart(3)}: ${fmt(r)}\n  ${r.cpu}`);
      }
    }
  }
  for (const s of servers.values()) await stop(s.child);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const summary: string[] = [];
  for (const c of [50, 200]) {
    const e = runs.get(`errors@${c}`)!;
    const a = runs.get(`all@${c}`)!;
    const [eRps, aRps] = [mean(e.map((r) => r.rps)), mean(a.map((r) => r.rps))];
    const [eP99, aP99] = [mean(e.map((r) => r.p99)), mean(a.map((r) => r.p99))];
    summary.push(
      `  log @${c}: errors only ${eRps.toFixed(0)}/s p99 ${eP99.toFixed(1)} ms; every click ${aRps.toFixed(0)}/s p99 ${aP99.toFixed(1)} ms; all / errors = ${(aRps / eRps).toFixed(2)} (means of ${e.length} runs)`,
    );
  }
  for (const mode of modes) {
    const text = fs.readFileSync(path.join(dir, `${mode}.log`), 'utf8');
    const lines = text.split('\n').filter(Boolean);
    const clickLines = lines.filter((l) => l.includes('"route":"/c/:offerId/:publisherId"')).length;
    summary.push(
      `  log file, ${mode}: ${lines.length} lines (${clickLines} of clicks), ${(text.length / 1e6).toFixed(1)} MB, ${lines.length ? (text.length / lines.length).toFixed(0) : 0} bytes a line`,
    );
  }
  fs.rmSync(dir, { recursive: true, force: true });
  return summary;
}

const fmt = (r: LoadResult) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  (${r.requests} requests, ${r.errors} errors, ${r.non3xx} non-302)`;

async function main() {
  console.log(
    `tracking benchmark: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${SECONDS} s per run`,
  );
  const rows: Record<string, LoadResult> = {};

  const bare = await startServer('bare-server.ts', {});
  for (const c of [50, 200]) {
    let before: CpuSample | null = null;
    let after: CpuSample | null = null;
    const r = await runLoad({
      origin: `http://127.0.0.1:${bare.port}`,
      path: (i) => `/c/1/2?s1=placement-${i % 1000}&pub_source=bench`,
      headers: visitor,
      connections: c,
      seconds: SECONDS,
      warmupSeconds: 2,
      onMeasure: (phase) =>
        phase === 'start' ? (before = cpuSample(bare.child.pid!)) : (after = cpuSample(bare.child.pid!)),
    });
    rows[`bare@${c}`] = r;
    console.log(
      `bare Fastify 302       @${String(c).padStart(3)}: ${fmt(r)}\n  ${before && after ? cpuPerRequest(before, after, r.requests) : ''}`,
    );
  }
  await stop(bare.child);

  // PostgreSQL server.
  const dbName = `portal_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const handle = await openDatabase({ databaseUrl: adminUrl(dbName), dataDir: os.tmpdir(), poolSize: 2 });
  let conversionsPg: { rps: number; p99: number } | undefined;
  let worstCase: (LoadResult & { cpu: string }) | undefined;
  let loggingSummary: string[] = [];
  try {
    await migrateToLatest(handle.db);
    const net = await seedNetwork(handle.db);
    const server = await startServer('tracking-server.ts', {
      DATABASE_URL: adminUrl(dbName),
      DATABASE_POOL_SIZE: '10',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-')),
    });
    for (const c of [50, 200]) {
      const r = await measureClicks(server, net, c);
      rows[`pg@${c}`] = r;
      console.log(`click, PostgreSQL      @${String(c).padStart(3)}: ${fmt(r)}\n  ${r.cpu}`);
    }
    worstCase = await measureClicks(server, net, 200, true);
    console.log(`click, PostgreSQL, every s1 new @200: ${fmt(worstCase)}\n  ${worstCase.cpu}`);
    conversionsPg = await measureConversions(server.port, net, 3000, 50);
    console.log(
      `conversions, PostgreSQL @ 50: ${conversionsPg.rps.toFixed(0)} /s with postback job  p99 ${conversionsPg.p99.toFixed(1)} ms`,
    );
    await stop(server.child);
    if (!process.env['BENCH_SKIP_LOGGING']) loggingSummary = await measureLogging(adminUrl(dbName), net);
    const stored = await handle.db
      .selectFrom('clicks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const jobs = await handle.db
      .selectFrom('postback_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(`  stored: ${stored.n} clicks, ${jobs.n} postback jobs`);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }

  // Embedded PGlite.
  let conversionsLite: { rps: number; p99: number } | undefined;
  if (!process.env['BENCH_SKIP_PGLITE']) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
    const lite = await openDatabase({ dataDir });
    await migrateToLatest(lite.db);
    const liteNet = await seedNetwork(lite.db);
    await lite.close();
    const liteServer = await startServer('tracking-server.ts', { DATA_DIR: dataDir });
    for (const c of [50, 200]) {
      const r = await measureClicks(liteServer, liteNet, c);
      rows[`pglite@${c}`] = r;
      console.log(`click, PGlite          @${String(c).padStart(3)}: ${fmt(r)}\n  ${r.cpu}`);
    }
    conversionsLite = await measureConversions(liteServer.port, liteNet, 1000, 20);
    console.log(
      `conversions, PGlite    @ 20: ${conversionsLite.rps.toFixed(0)} /s with postback job  p99 ${conversionsLite.p99.toFixed(1)} ms`,
    );
    await stop(liteServer.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\nsummary (target at 200 connections on PostgreSQL: ratio >= 0.6, p99 <= 15 ms)');
  for (const c of [50, 200]) {
    const b = rows[`bare@${c}`]!;
    const p = rows[`pg@${c}`]!;
    const l = rows[`pglite@${c}`];
    console.log(
      `  @${c}: PostgreSQL ${p.rps.toFixed(0)}/s = ${(p.rps / b.rps).toFixed(2)} x bare (${b.rps.toFixed(0)}/s), p99 ${p.p99.toFixed(1)} ms` +
        (l ? `; PGlite ${l.rps.toFixed(0)}/s = ${(l.rps / b.rps).toFixed(2)} x bare, p99 ${l.p99.toFixed(1)} ms` : ''),
    );
  }
  if (worstCase)
    console.log(
      `  every click with a new s1, PostgreSQL @200: ${worstCase.rps.toFixed(0)}/s = ${(worstCase.rps / rows['bare@200']!.rps).toFixed(2)} x bare, p99 ${worstCase.p99.toFixed(1)} ms`,
    );
  for (const line of loggingSummary) console.log(line);
  if (conversionsPg)
    console.log(
      `  conversions with postback job: PostgreSQL ${conversionsPg.rps.toFixed(0)}/s${conversionsLite ? `, PGlite ${conversionsLite.rps.toFixed(0)}/s` : ''}`,
    );
}

await main();
process.exit(0);
