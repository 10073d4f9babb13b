import { leftover, unsettled } from './fault-checks.ts';
import { type DbKind } from './fault-bed.ts';
import { tally } from './fault-load.ts';
import { pgServerUnavailable } from './pg-server.ts';
import {
  sleep,
  BASE_LOAD,
  warmUp,
  after,
  check,
  fmt,
  scenario,
  skipped,
  type Variant,
  type FaultResult,
} from './fault-scenario.ts';
import { f4 } from './disk-full-fault.ts';

/**
 * The fault tests of docs/reliability.md, each a function that sets up a bed, drives load, injects its
 * fault, lets the system recover and checks the invariants (fault-scenario.ts runs them; F4 is in
 * disk-full-fault.ts). `short` (npm test) runs one round of each with short phases; `full`
 * (npm run test:faults) more rounds and longer load.
 */

export { f4 };
export type { FaultResult, Variant };

/** F1: `kill -9` of the portal during click load, started again by the harness at once; several rounds. */
export function f1(entry: string, db: DbKind, variant: Variant): Promise<FaultResult> {
  const rounds = variant === 'short' ? 1 : 5;
  const every = variant === 'short' ? 2000 : 10_000;
  const why = db === 'postgres' ? pgServerUnavailable() : null;
  if (why) return Promise.resolve(skipped('F1', db, `kill -9 ×${rounds}`, why));
  return scenario(
    entry,
    'F1',
    `kill -9 ×${rounds}, every ${every / 1000} s, restarted at once`,
    { kind: db },
    {},
    async (run) => {
      const { bed, load } = run;
      let held = 0;
      const heldTids: string[] = [];
      for (let r = 0; r < rounds; r++) {
        await sleep(every);
        // Acknowledged clicks still in stored batches just before the kill: the restart settles them.
        if (db === 'postgres') {
          const tids = await bed.withDb((d) => unsettled(d, [...load.clicks.keys()].slice(-5000)));
          held += tids.length;
          heldTids.push(...tids);
        }
        const killed = performance.now();
        await bed.portal.kill9();
        await bed.portal.start();
        run.windows.push({ from: killed, to: killed });
      }
      await sleep(after(variant));
      if (db === 'postgres') {
        const left = await bed.withDb((d) => unsettled(d, heldTids));
        run.checks.push(
          check(
            'batches stored but not settled at a kill are settled after the restart',
            left.length === 0,
            `${held} acknowledged clicks were in stored batches at the kills; ${left.length} not written out`,
          ),
        );
      }
      run.notes.push(`${held} acknowledged clicks were in stored batches at the kills`);
    },
  );
}

/** F2: PostgreSQL stopped with `-m immediate` during load, started again 20 s later. */
export function f2(entry: string, variant: Variant): Promise<FaultResult> {
  // The short variant's outage is 10 s, to keep `npm test` within its budget; the full one's is 20 s.
  const outageMs = variant === 'short' ? 10_000 : 20_000;
  const injected = `PostgreSQL stopped -m immediate, started ${outageMs / 1000} s later`;
  const why = pgServerUnavailable();
  if (why) return Promise.resolve(skipped('F2', 'postgres', injected, why));
  return scenario(entry, 'F2', injected, { kind: 'postgres' }, {}, async (run) => {
    const { bed, load } = run;
    await sleep(warmUp(variant));
    const from = performance.now();
    bed.pg!.stop('immediate');
    await sleep(outageMs / 2);
    const health = await bed.portal.health();
    await sleep(outageMs / 2);
    const up = bed.portal.isRunning;
    bed.pg!.start();
    const to = performance.now();
    run.windows.push({ from, to });
    await sleep(after(variant));
    const during = tally(load.window('click', from + 1000, to));
    run.notes.push(`clicks during the outage: ${fmt(during)}; health during it: ${health}`);
    run.checks.push(check('the portal stayed up through the outage', up && bed.portal.isRunning, `running: ${up}`));
    run.checks.push(check('health says degraded during the outage', health === 503, `health answered ${health}`));
    run.checks.push(check('clicks during the outage answered 503', (during['503'] ?? 0) > 0, fmt(during)));
  });
}

/** F3: the database behind the harness's proxy: 2 s added to each round trip, then a stall, then healed. */
export function f3(entry: string, variant: Variant): Promise<FaultResult> {
  const latencyMs = variant === 'short' ? 4000 : 15_000;
  const stallMs = variant === 'short' ? 6000 : 20_000;
  const injected = `+2 s per round trip for ${latencyMs / 1000} s, then stalled ${stallMs / 1000} s`;
  const why = pgServerUnavailable();
  if (why) return Promise.resolve(skipped('F3', 'postgres', injected, why));
  const queueLimit = 100;
  const clickTimeout = 3000;
  return scenario(
    entry,
    'F3',
    injected,
    {
      kind: 'postgres',
      proxy: true,
      env: { CLICK_QUEUE_LIMIT: String(queueLimit), CLICK_TIMEOUT_MS: String(clickTimeout) },
    },
    // More requests in flight than the click queue holds, so that its limit is what answers.
    { connections: 400, clicksPerSecond: 300 },
    async (run) => {
      const { bed, load } = run;
      await sleep(warmUp(variant));
      const rssBefore = bed.portal.rssMb() ?? 0;
      let rssMax = rssBefore;
      const sampler = setInterval(() => (rssMax = Math.max(rssMax, bed.portal.rssMb() ?? 0)), 250);
      const from = performance.now();
      bed.proxy!.setMode({ kind: 'latency', ms: 1000 });
      await sleep(latencyMs);
      const stallFrom = performance.now();
      bed.proxy!.setMode({ kind: 'stall' });
      await sleep(3000);
      const health = await bed.portal.health();
      await sleep(stallMs - 3000);
      const to = performance.now();
      bed.proxy!.setMode({ kind: 'pass' });
      run.windows.push({ from, to });
      await sleep(after(variant));
      clearInterval(sampler);
      const stalled = load.window('click', stallFrom + 500, to - 500);
      const answered = stalled.filter((s) => s.answer.kind === 'status');
      const slowest = Math.max(0, ...answered.map((s) => s.ms));
      const queueFull = answered.filter(
        (s) => s.answer.kind === 'status' && s.answer.status === 503 && s.ms < 500,
      ).length;
      run.notes.push(
        `clicks while stalled: ${fmt(tally(stalled))}; slowest answer ${Math.round(slowest)} ms; ${queueFull} refused at once (queue full)`,
      );
      run.notes.push(`memory: ${Math.round(rssBefore)} MB before, at most ${Math.round(rssMax)} MB during the fault`);
      // Refused at once means the click queue was at CLICK_QUEUE_LIMIT. Most clicks of a stall fail
      // before they queue (the tracking cache's reload times out first), so this may be 0: the bound
      // checked is the process's memory.
      run.checks.push(check('health says degraded while stalled', health === 503, `health answered ${health}`));
      run.checks.push(
        check(
          `clicks fail fast while stalled (every answer within CLICK_TIMEOUT_MS ${clickTimeout} ms + 2 s of scheduling on a busy machine)`,
          answered.length === stalled.length && slowest <= clickTimeout + 2000,
          `${stalled.length - answered.length} unanswered by the client's ${BASE_LOAD.requestTimeoutMs} ms; slowest ${Math.round(slowest)} ms`,
        ),
      );
      run.checks.push(
        check(
          'memory stays bounded (≤ 150 MB over its level before)',
          rssMax - rssBefore <= 150,
          `+${Math.round(rssMax - rssBefore)} MB`,
        ),
      );
    },
  );
}

/** F4: the database's data directory on a small filesystem that the harness fills during load, then frees. */
/** F8: SIGTERM during load over keep-alive connections; the harness starts the portal again afterwards. */
export function f8(entry: string, db: DbKind, variant: Variant): Promise<FaultResult> {
  const why = db === 'postgres' ? pgServerUnavailable() : null;
  if (why) return Promise.resolve(skipped('F8', db, 'SIGTERM during load', why));
  return scenario(
    entry,
    'F8',
    'SIGTERM during load (keep-alive clients)',
    { kind: db },
    { connections: 32, clicksPerSecond: 400 },
    async (run) => {
      const { bed, load } = run;
      await sleep(warmUp(variant));
      const signalled = performance.now();
      const exit = await bed.portal.terminate();
      const duringStop = load.samples.filter((s) => s.at + s.ms >= signalled && s.at < exit.at);
      const inFlight = load.samples.filter((s) => s.at < signalled && s.at + s.ms >= signalled);
      const broken = duringStop.filter(
        (s) => s.answer.kind === 'reset' || s.answer.kind === 'closed' || s.answer.kind === 'timeout',
      );
      // A request whose connection was refused never reached the server: it was not in flight.
      const unanswered = inFlight.filter((s) => s.answer.kind !== 'status' && s.answer.kind !== 'refused');
      run.notes.push(
        `answers during the stop: ${fmt(tally(duringStop))}; stop took ${Math.round(exit.at - signalled)} ms`,
      );
      run.checks.push(
        check('exit code 0', exit.code === 0 && exit.signal === null, `code ${exit.code}, signal ${exit.signal}`),
      );
      const connectionChecks = [
        check(
          'requests in flight at the signal answered',
          unanswered.length === 0,
          `${inFlight.length} in flight, ${unanswered.length} unanswered`,
        ),
        check('no reset or cut connection', broken.length === 0, fmt(tally(broken)) || 'none'),
      ];
      if (db === 'postgres') run.checks.push(...connectionChecks);
      else {
        // Known limit of the embedded database (docs/reliability.md): its statements run on the
        // event loop, and under this load some connections opened around the signal are reset or
        // cut. None of them had been acknowledged (the invariants above still hold); reported, not gated.
        for (const c of connectionChecks) run.notes.push(`${c.ok ? 'ok' : 'known limit'}: ${c.name}: ${c.detail}`);
      }
      // The stop committed what was pending: no stored batch, no queued count left.
      const left = await bed.withDb(leftover);
      run.checks.push(
        check(
          'pending clicks committed and settled by the stop',
          left.batches === 0 && left.queued === 0,
          `${left.batches} batches, ${left.queued} queued counts`,
        ),
      );
      // Started again, as a service manager would: the conversion calls still retrying get their answer.
      const restarted = performance.now();
      await bed.portal.start();
      run.windows.push({ from: signalled, to: restarted });
      await sleep(after(variant));
      run.notes.push(`clicks after the restart: ${fmt(tally(load.window('click', restarted, performance.now())))}`);
    },
  );
}

export interface FaultPlan {
  variant: Variant;
  /** Test ids to run (all when empty). */
  only?: string[];
  /** Only the tests on this database. */
  db?: DbKind;
}

/** Every fault test of the plan, one after another (they share the machine's two cores). */
export async function runFaults(
  entry: string,
  plan: FaultPlan,
  onResult?: (r: FaultResult) => void,
): Promise<FaultResult[]> {
  const all: [string, DbKind, () => Promise<FaultResult>][] = [
    ['F1', 'postgres', () => f1(entry, 'postgres', plan.variant)],
    ['F1', 'pglite', () => f1(entry, 'pglite', plan.variant)],
    ['F2', 'postgres', () => f2(entry, plan.variant)],
    ['F3', 'postgres', () => f3(entry, plan.variant)],
    ['F4', 'postgres', () => f4(entry, plan.variant)],
    ['F8', 'postgres', () => f8(entry, 'postgres', plan.variant)],
    ['F8', 'pglite', () => f8(entry, 'pglite', plan.variant)],
  ];
  const results: FaultResult[] = [];
  for (const [id, db, run] of all) {
    if (plan.only?.length && !plan.only.includes(id)) continue;
    if (plan.db && plan.db !== db) continue;
    const r = await run();
    onResult?.(r);
    results.push(r);
  }
  return results;
}
