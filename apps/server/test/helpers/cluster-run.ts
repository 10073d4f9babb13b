import crypto from 'node:crypto';
import pg from 'pg';
import { Cluster, bundleServer, createEmptyDatabase, type Member } from './cluster.ts';
import { ClusterLoad } from './cluster-load.ts';
import { count, deliveredOf, reportTotals, setUpTarget, unsettled, waitFor, type Counts } from './cluster-checks.ts';
import { startReceiver } from './postback-receiver.ts';

/**
 * The two scenarios of a cluster run, shared by the cluster test and `npm run test:cluster`:
 * processes started together on an empty database, then load spread over them while one is killed
 * with `kill -9` and later started again.
 */

export interface Started {
  cluster: Cluster;
  db: pg.Pool;
  /** From the spawn until every process answered its health check. */
  startMs: number;
  close(): Promise<void>;
}

/** Starts `n` processes at the same moment on a new, empty database and waits until all are healthy. */
export async function startTogether(n: number, env: Record<string, string> = {}): Promise<Started> {
  const bundle = await bundleServer();
  const database = await createEmptyDatabase();
  const cluster = new Cluster({
    entry: bundle.entry,
    databaseUrl: database.url,
    env: {
      // The receiver listens on loopback; leases of 2 × 1 s + 30 s.
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_TIMEOUT_MS: '1000',
      POSTBACK_RETRY_BASE_MS: '500',
      // Each click's X-Forwarded-For is its visitor.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
  });
  const db = new pg.Pool({ connectionString: database.url, max: 3 });
  db.on('error', () => {});
  const close = async () => {
    await cluster.stop();
    await db.end();
    await database.drop();
    bundle.remove();
  };
  try {
    const started = performance.now();
    await cluster.start(n);
    await cluster.waitHealthy();
    return { cluster, db, startMs: performance.now() - started, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export interface KillRunOptions {
  seconds: number;
  killAt: number;
  restartAt: number;
  clickConnections: number;
  conversionConnections: number;
  /** One click in this many gets a conversion call. */
  convertEvery: number;
  /** How long the postback receiver takes to answer (keeps deliveries in flight at the kill). */
  receiverDelayMs: number;
  /** Wait until the dead process's claimed deliveries are taken over (their lease runs out: ~32 s). */
  awaitDeliveryTakeover: boolean;
}

export interface KillRun {
  processes: number;
  options: KillRunOptions;
  counts: Counts;
  /** Report totals (over the API) after the run less before it. */
  reportDelta: { clicks: number; conversions: number };
  /** Acknowledged clicks in the dead process's stored batches just before the kill, and how soon they were written out after it. */
  takeover: { clicks: number; clicksMs: number | null; deliveries: number; deliveriesMs: number | null };
  /** Postbacks the receiver got again after the kill (the dead process had sent them, unrecorded). */
  resent: number;
  /** Scheduled jobs completed, by name: the processes that ran them. */
  jobs: Record<string, number[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function killRun(s: Started, o: KillRunOptions): Promise<KillRun> {
  const { cluster, db } = s;
  const receiver = await startReceiver((_req, res) =>
    o.receiverDelayMs ? setTimeout(() => res.end('ok'), o.receiverDelayMs) : res.end('ok'),
  );
  try {
    const origin = cluster.members[0]!.origin;
    const tag = `cluster-${crypto.randomBytes(3).toString('hex')}`;
    const setup = await setUpTarget(db, origin, receiver, tag);
    const before = await reportTotals(origin, setup.jwt);
    const serving = new Set<Member>(cluster.members);
    const load = new ClusterLoad(setup.target, () => [...serving], o);
    const t0 = performance.now();
    const at = (sec: number) => sleep(Math.max(0, t0 + sec * 1000 - performance.now()));
    load.start();

    await at(o.killAt);
    const victim = cluster.members[cluster.members.length - 1]!;
    // The clicks it acknowledged and has not written out yet, a moment before it dies (its stored
    // batches): a survivor's settle (or the dead one's statement already running) writes them out.
    const held = await unsettled(
      db,
      [...load.clicks].filter(([, c]) => c.member === victim.index).map(([tid]) => tid),
    );
    await cluster.kill(victim);
    const killedAt = new Date();
    const killedAtMs = performance.now();
    serving.delete(victim);
    const clicksTaken = (async () => {
      const ms = await waitFor(async () => (await unsettled(db, held)).length === 0, 60_000);
      return ms === null ? null : performance.now() - killedAtMs;
    })();

    // A survivor's attempt in hand ends within its receiver's delay: what stays leased from before
    // the kill a moment later is the dead process's.
    await sleep(2000);
    const heldDeliveries = (
      await db.query<{ id: number }>(
        `SELECT id FROM postback_deliveries WHERE postback_id = $1 AND status = 'pending' AND locked_until > now() AND updated_at < $2`,
        [setup.postbackId, killedAt],
      )
    ).rows.map((r) => r.id);

    await at(o.restartAt);
    cluster.restart(victim);
    await cluster.waitHealthy(60_000, [victim]);
    serving.add(victim);

    await at(o.seconds);
    await load.stop();
    const after = await reportTotals(origin, setup.jwt);
    // Every delivery but those the dead process holds is sent; with `awaitDeliveryTakeover` those too.
    const settledDeliveries = async () => {
      const r = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM postback_deliveries WHERE postback_id = $1 AND status = 'pending' AND NOT (id = ANY($2::bigint[]))`,
        [setup.postbackId, heldDeliveries],
      );
      return r.rows[0]!.n === 0;
    };
    await waitFor(settledDeliveries, 30_000);
    let deliveriesMs: number | null = null;
    if (o.awaitDeliveryTakeover && heldDeliveries.length > 0) {
      const waited = await waitFor(
        async () => (await deliveredOf(db, heldDeliveries)) === heldDeliveries.length,
        120_000,
        250,
      );
      if (waited !== null) deliveriesMs = performance.now() - killedAtMs;
    }
    const counts = await count(db, load, setup, receiver, o.awaitDeliveryTakeover ? undefined : killedAt);
    const jobs: Record<string, number[]> = {};
    for (const { member, line } of cluster.logged('scheduled job done'))
      (jobs[String(line['job'])] ??= []).push(member);
    return {
      processes: cluster.members.length,
      options: o,
      counts,
      reportDelta: { clicks: after.clicks - before.clicks, conversions: after.conversions - before.conversions },
      takeover: { clicks: held.length, clicksMs: await clicksTaken, deliveries: heldDeliveries.length, deliveriesMs },
      resent: counts.postbacks.receivedTwice,
      jobs,
    };
  } finally {
    await receiver.close();
  }
}

const pad = (v: string | number, n: number) => String(v).padStart(n);
const secs = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/**
 * The run as a table: per operation, acknowledged, stored, duplicated, missing, delivered twice
 * and time to take over. For postbacks: the delivery jobs written (one per stored conversion), the
 * event ids the receiver got, those it got more than once, the jobs not delivered, and the jobs
 * recorded as delivered by two attempts (two processes).
 */
export function table(s: Started, r: KillRun): string {
  const { clicks, conversions, rollup, postbacks } = r.counts;
  const o = r.options;
  const head = `${'operation'.padEnd(22)}${pad('acknowledged', 13)}${pad('stored', 9)}${pad('duplicated', 12)}${pad('missing', 9)}${pad('delivered twice', 17)}  taken over after the kill`;
  const row = (
    name: string,
    ack: number | string,
    stored: number | string,
    dup: number | string,
    missing: number | string,
    twice: string,
    taken: string,
  ) => `${name.padEnd(22)}${pad(ack, 13)}${pad(stored, 9)}${pad(dup, 12)}${pad(missing, 9)}${pad(twice, 17)}  ${taken}`;
  const jobs = Object.entries(r.jobs)
    .map(([name, by]) => `${name} ${by.length}× (process ${by.join(', ')})`)
    .join('; ');
  return [
    `processes: ${r.processes} on one PostgreSQL database, started together on an empty one: all healthy in ${secs(s.startMs)}, ` +
      `demo seed run by ${s.cluster.logged('demo network seeded').length} of them`,
    `load: ${o.seconds} s, ${o.clickConnections} click connections, a conversion call for 1 click in ${o.convertEvery}; ` +
      `process ${r.processes - 1} killed (kill -9) at ${o.killAt} s, started again at ${o.restartAt} s`,
    '',
    head,
    row(
      'clicks',
      clicks.acknowledged,
      clicks.stored,
      clicks.duplicated,
      clicks.missing,
      '-',
      `${secs(r.takeover.clicksMs)} (${r.takeover.clicks} in the dead one's stored batches)`,
    ),
    row('  in the rollups', '', rollup.clicks, '', '', '-', `report total +${r.reportDelta.clicks}`),
    row(
      'conversions',
      conversions.acknowledged,
      conversions.stored,
      conversions.duplicated,
      conversions.missing,
      '-',
      `${conversions.retries} calls retried on another process`,
    ),
    row('  in the rollups', '', rollup.conversions, '', '', '-', `report total +${r.reportDelta.conversions}`),
    row(
      'postbacks',
      postbacks.deliveries,
      postbacks.received,
      postbacks.receivedTwice,
      postbacks.deliveries - postbacks.delivered,
      String(postbacks.recordedTwice),
      `${secs(r.takeover.deliveriesMs)} (${r.takeover.deliveries} claimed by the dead one; ${r.resent} received again)`,
    ),
    '',
    `clicks not answered (in flight at the kill, or sent to the dead process): ${clicks.unanswered}; stored although not answered: ${clicks.unacknowledgedStored}`,
    `scheduled jobs completed: ${jobs || 'none'}`,
  ].join('\n');
}
