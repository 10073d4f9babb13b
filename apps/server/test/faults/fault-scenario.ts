import { count, invariants, leftover, type Check, type Counts } from './fault-checks.ts';
import { FaultBed, type BedOptions, type DbKind } from './fault-bed.ts';
import { FaultLoad, p99, tally, type LoadOptions, type Sample } from './fault-load.ts';

/**
 * What every fault test of docs/reliability.md shares: its result, the load it drives, and `scenario`,
 * which sets up a bed, drives load, lets the test inject its fault, waits for the system to recover
 * and checks the invariants. The tests themselves are in fault-scenarios.ts and disk-full-fault.ts.
 */

export type Variant = 'short' | 'full';

export interface FaultResult {
  id: string;
  db: DbKind;
  injected: string;
  counts: Counts | null;
  /** p99 of the clicks sent while the fault lasted (until the first click acknowledged after it). */
  p99Ms: number | null;
  /** From the end of the fault (or the kill) to the first click acknowledged after it; the worst round. */
  recoverMs: number | null;
  checks: Check[];
  notes: string[];
  /** Why the test could not run on this machine (it did not run; it did not pass either). */
  skipped?: string;
  pass: boolean;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const BASE_LOAD: LoadOptions = {
  clicksPerSecond: 300,
  connections: 32,
  convertEvery: 10,
  maxClicks: 200_000,
  requestTimeoutMs: 15_000,
  conversionGiveUpMs: 90_000,
};

/** Load before the fault, and after it (recovery and the conversion calls that retried). */
export const warmUp = (v: Variant) => (v === 'short' ? 2000 : 8000);
export const after = (v: Variant) => (v === 'short' ? 3000 : 15_000);

/** The end of a fault and how soon a click was acknowledged after it. */
export interface Window {
  from: number;
  to: number;
}

/** The first click sent at or after `to` that got its 302: ms from `to` until its answer. */
export function recovery(load: FaultLoad, to: number): number | null {
  const first = load.samples
    .filter((s) => s.op === 'click' && s.at >= to && s.answer.kind === 'status' && s.answer.status === 302)
    .sort((a, b) => a.at + a.ms - (b.at + b.ms))[0];
  return first ? first.at + first.ms - to : null;
}

export function faultSamples(load: FaultLoad, windows: Window[]): Sample[] {
  return windows.flatMap((w) => {
    const rec = recovery(load, w.to);
    return load.window('click', w.from, w.to + (rec ?? 0));
  });
}

export const check = (name: string, ok: boolean, detail: string): Check => ({ name, ok, detail });
export const fmt = (o: Record<string, number>) =>
  Object.entries(o)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');

/** Waits until the portal has settled everything and delivered every postback (PostgreSQL: while it runs). */
export async function settled(
  bed: FaultBed,
  load: FaultLoad,
  leasedByKilled: boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const receivedAll = () =>
    new Set(bed.receiver.requests.map((r) => r.headers['x-postback-event-id'])).size >= load.conversions.size;
  while (performance.now() < deadline) {
    if (bed.kind === 'pglite') {
      if (leasedByKilled || receivedAll()) return;
    } else {
      const left = await bed.withDb(leftover).catch(() => null);
      const pending = await bed
        .withDb(async (db) => {
          const { sql } = await import('kysely');
          const r = await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM postback_deliveries WHERE status = 'pending'`.execute(db);
          return Number(r.rows[0]!.n);
        })
        .catch(() => 1);
      if (left && left.batches === 0 && left.queued === 0 && (leasedByKilled || (pending === 0 && receivedAll())))
        return;
    }
    await sleep(250);
  }
}

export interface Run {
  bed: FaultBed;
  load: FaultLoad;
  windows: Window[];
  checks: Check[];
  notes: string[];
}

/** Sets up the bed and the load, runs `inject`, then stops the load, waits for the settle and counts. */
export async function scenario(
  entry: string,
  id: string,
  injected: string,
  bedOptions: BedOptions,
  loadOptions: Partial<LoadOptions>,
  inject: (run: Run) => Promise<void>,
): Promise<FaultResult> {
  const bed = await FaultBed.create(entry, bedOptions);
  const load = new FaultLoad(bed.target(), { ...BASE_LOAD, ...loadOptions });
  const run: Run = { bed, load, windows: [], checks: [], notes: [] };
  try {
    await bed.portal.start();
    load.start();
    const began = performance.now();
    await inject(run);
    const faultDone = performance.now();
    await load.stop();
    const stopped = performance.now();
    await settled(bed, load, id === 'F1');
    const secs = (a: number, b: number) => `${((b - a) / 1000).toFixed(1)} s`;
    run.notes.push(
      `phases: load and fault ${secs(began, faultDone)}, conversion calls finishing ${secs(faultDone, stopped)}, settle and deliveries ${secs(stopped, performance.now())}`,
    );
    // The embedded database is read once the portal has stopped (its stop settles what is left).
    if (bed.kind === 'pglite') {
      const exit = await bed.portal.terminate();
      run.checks.push(check('the final stop exits 0', exit.code === 0, `code ${exit.code}, signal ${exit.signal}`));
    }
    const counts = await bed.withDb((db) =>
      count(db, bed.fixture.publisherId, bed.fixture.postbackId, load, bed.receiver),
    );
    const checks = [...invariants(counts, { leasedByKilled: id === 'F1' }), ...run.checks];
    const clickTally = tally(load.samples.filter((s) => s.op === 'click'));
    run.notes.push(`click answers: ${fmt(clickTally)}`);
    run.notes.push(
      `conversion answers: ${fmt(tally(load.samples.filter((s) => s.op === 'conversion')))}; retried ${load.conversionRetries}`,
    );
    checks.push(
      check(
        'no 500 answered',
        !clickTally['500'] && !tally(load.samples)['500'],
        'server faults answer 503, never 500',
      ),
    );
    const recovers = run.windows.map((w) => recovery(load, w.to));
    const recoverMs = recovers.some((r) => r === null) ? null : Math.max(0, ...(recovers as number[]));
    checks.push(
      check(
        'recovered by itself',
        recoverMs !== null,
        recoverMs === null ? 'no click acknowledged after the fault' : `${Math.round(recoverMs)} ms`,
      ),
    );
    return {
      id,
      db: bed.kind,
      injected,
      counts,
      p99Ms: p99(faultSamples(load, run.windows)),
      recoverMs,
      checks,
      notes: run.notes,
      pass: checks.every((c) => c.ok),
    };
  } catch (err) {
    const tail = bed.portal.lines.slice(-15).join('\n');
    return {
      id,
      db: bed.kind,
      injected,
      counts: null,
      p99Ms: null,
      recoverMs: null,
      checks: [
        ...run.checks,
        check('ran to the end', false, `${err instanceof Error ? err.stack : String(err)}\nportal output:\n${tail}`),
      ],
      notes: run.notes,
      pass: false,
    };
  } finally {
    await load.stop().catch(() => {});
    await load.close();
    await bed.close();
  }
}

export const skipped = (id: string, db: DbKind, injected: string, reason: string): FaultResult => ({
  id,
  db,
  injected,
  counts: null,
  p99Ms: null,
  recoverMs: null,
  checks: [],
  notes: [],
  skipped: reason,
  pass: true,
});
