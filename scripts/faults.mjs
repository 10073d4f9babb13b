#!/usr/bin/env node
// `npm run test:faults`: the fault tests' full variant (docs/reliability.md); prints the table and
// exits 1 when an invariant fails. Arguments pass through: --short, --only=F2,F3, --db=pglite.
import { spawnSync } from 'node:child_process';

const r = spawnSync('npx', ['tsx', 'apps/server/test/faults/run.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'UTC' },
});
process.exit(r.status ?? 1);
