#!/usr/bin/env node
// Runs every test: unit, API against PGlite and PostgreSQL, the fault tests (short variant, both
// databases, once), then the browser suite. The fault tests run beside the API suite on PostgreSQL:
// they spend most of their time waiting on processes they kill and restart, on a PostgreSQL cluster
// of their own, and their output is printed when they end.
// Prints one closing line "N passed, N failed" summed over all runs, after the name and first message
// line of every failure (CI shows only the end of the output).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const only = process.argv.slice(2);
const stages = [
  [{ name: 'unit', args: ['--project', 'unit'], env: {} }],
  [{ name: 'api (PGlite)', args: ['--project', 'api'], env: { TEST_DB: 'pglite' } }],
  [
    { name: 'api (PostgreSQL)', args: ['--project', 'api'], env: { TEST_DB: 'postgres' } },
    { name: 'faults', args: ['--project', 'faults'], env: {} },
  ],
  [{ name: 'e2e (Chromium)', args: ['--project', 'e2e'], env: {} }],
]
  .map((stage) => stage.filter((r) => only.length === 0 || only.some((o) => r.name.startsWith(o))))
  .filter((stage) => stage.length > 0);

let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
const failures = [];
for (const stage of stages) {
  // The first run of a stage writes as it goes; the others' output follows when they end.
  const results = await Promise.all(stage.map((run, i) => execute(run, i === 0)));
  for (const [i, run] of stage.entries()) tally(run, results[i]);
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode);

function firstLine(text) {
  const line = (text ?? '').split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}

/** Runs one Vitest project; answers its exit status and where its JSON report is. */
function execute(run, live) {
  const out = path.join(os.tmpdir(), `vitest-${process.pid}-${run.name.replace(/\W+/g, '-')}.json`);
  if (live) console.log(`\n=== ${run.name} ===`);
  const child = spawn(
    'npx',
    ['vitest', 'run', ...run.args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...run.env } },
  );
  const chunks = [];
  child.stdout?.on('data', (c) => chunks.push(c));
  child.stderr?.on('data', (c) => chunks.push(c));
  return new Promise((resolve) => {
    child.on('close', (status) => {
      if (!live) {
        console.log(`\n=== ${run.name} (ran beside the run above) ===`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve({ status, out });
    });
  });
}

/** Adds a run's report to the totals and its failures to the list. */
function tally(run, { status, out }) {
  if (fs.existsSync(out)) {
    const report = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults) {
      const where = `${run.name}: ${path.relative(process.cwd(), file.name)}`;
      const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
      for (const test of failedTests) {
        failures.push(`${where} > ${test.fullName}\n    ${firstLine(test.failureMessages?.[0])}`);
      }
      // A file that could not run (its setup threw) fails no test of its own: count it once.
      if (file.status === 'failed' && failedTests.length === 0) {
        failed += 1;
        failures.push(`${where} (the file did not run)\n    ${firstLine(file.message)}`);
      }
    }
    skipped += report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) {
      console.error(`${run.name}: no tests ran`);
      exitCode = 1;
    }
    fs.rmSync(out);
  }
  if (status !== 0) exitCode = status ?? 1;
}
