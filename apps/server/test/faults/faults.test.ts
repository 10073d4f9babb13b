import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../helpers/cluster.ts';
import { faultDetails, faultTable } from './fault-report.ts';
import { f1, f2, f3, f4, f8, type FaultResult } from './fault-scenarios.ts';

/**
 * The fault tests of docs/reliability.md (F1, F2, F3, F4, F8), short variant: one round of each on the
 * production bundle, PostgreSQL clusters of the test's own, and the embedded database where the
 * fault applies to it (F1, F8). `npm run test:faults` runs the full variant and prints the table.
 */

let bundle: { entry: string; remove: () => void };
const results: FaultResult[] = [];

beforeAll(async () => {
  bundle = await bundleServer();
});

afterAll(() => {
  bundle?.remove();
  if (results.length) console.log(`\n${faultTable(results)}\n`);
});

async function expectPass(run: () => Promise<FaultResult>) {
  const r = await run();
  results.push(r);
  const details = faultDetails(r);
  console.log(details);
  if (r.skipped) {
    console.log(`${r.id} skipped: ${r.skipped}`);
    return;
  }
  expect(r.pass, details).toBe(true);
}

describe('faults under load (short variant)', () => {
  it('F1 kill -9 during click load, restarted: every acknowledged click stored once (PostgreSQL)', () =>
    expectPass(() => f1(bundle.entry, 'postgres', 'short')));
  it('F1 kill -9 during click load, restarted (embedded database)', () =>
    expectPass(() => f1(bundle.entry, 'pglite', 'short')));
  it('F2 PostgreSQL stopped -m immediate (10 s here, 20 s in the full variant): the portal stays up, answers 503, reconnects by itself', () =>
    expectPass(() => f2(bundle.entry, 'short')));
  it('F3 slow then stalled database: fails fast at its time-outs, bounded memory, degraded health, recovers', () =>
    expectPass(() => f3(bundle.entry, 'short')));
  it('F4 database disk full: never a 2xx for what was not stored; recovers when space is freed', () =>
    expectPass(() => f4(bundle.entry, 'short')));
  it('F8 SIGTERM during load: in-flight answered, pending clicks committed, no reset, exit 0 (PostgreSQL)', () =>
    expectPass(() => f8(bundle.entry, 'postgres', 'short')));
  it('F8 SIGTERM during load (embedded database)', () => expectPass(() => f8(bundle.entry, 'pglite', 'short')));
});
