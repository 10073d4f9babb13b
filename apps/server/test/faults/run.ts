import { bundleServer } from '../helpers/cluster.ts';
import { faultDetails, faultTable } from './fault-report.ts';
import { runFaults, type Variant } from './fault-scenarios.ts';

/**
 * `npm run test:faults`: the fault tests' full variant (or `--short`), a table at the end, exit 1
 * when an invariant fails. `--only F2,F3` runs some of them.
 */
const args = process.argv.slice(2);
const variant: Variant = args.includes('--short') ? 'short' : 'full';
const onlyArg = args.find((a) => a.startsWith('--only='));
const only = onlyArg ? onlyArg.slice('--only='.length).split(',') : [];
const dbArg = args.find((a) => a.startsWith('--db='));
const db = dbArg ? (dbArg.slice('--db='.length) as 'postgres' | 'pglite') : undefined;

const bundle = await bundleServer();
try {
  const started = performance.now();
  const results = await runFaults(bundle.entry, { variant, only, ...(db ? { db } : {}) }, (r) =>
    console.log(`\n${faultDetails(r)}`),
  );
  console.log(`\nFault tests (${variant}, ${Math.round((performance.now() - started) / 1000)} s):\n`);
  console.log(faultTable(results));
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
} finally {
  bundle.remove();
}
