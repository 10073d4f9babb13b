#!/usr/bin/env node
// Runs every benchmark in this folder (or those named on the command line) with tsx, one after
// another, so their figures do not disturb each other: `npm run bench [-- reports]`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], {
    stdio: 'inherit',
    env: { ...process.env, TZ: 'UTC' },
  });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
