/**
 * Several server processes on one PostgreSQL database (`npm run test:cluster`, or `npm run bench --
 * cluster`): CLUSTER_PROCESSES (default 3) production server processes started at the same moment on
 * a new, empty database; then CLUSTER_SECONDS (default 20) of clicks, advertiser conversion calls
 * and publisher postback deliveries (to a local receiver) spread over them, one killed with
 * `kill -9` a third of the way in and started again two thirds in. It waits until the dead
 * process's claimed postbacks are taken over, prints the table, and exits 1 if anything
 * acknowledged is missing or counted twice, or a postback was delivered by two processes.
 * TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
 */
import os from 'node:os';
import { killRun, startTogether, table } from '../apps/server/test/helpers/cluster-run.ts';

const PROCESSES = Number(process.env['CLUSTER_PROCESSES'] ?? 3);
const SECONDS = Number(process.env['CLUSTER_SECONDS'] ?? 20);

console.log(
  `cluster run: ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const s = await startTogether(PROCESSES);
let failed: boolean;
try {
  const r = await killRun(s, {
    seconds: SECONDS,
    killAt: Math.round(SECONDS / 3),
    restartAt: Math.round((SECONDS * 2) / 3),
    clickConnections: 24,
    conversionConnections: 4,
    convertEvery: 5,
    receiverDelayMs: 20,
    awaitDeliveryTakeover: true,
  });
  console.log(`\n${table(s, r)}\n`);
  const { clicks, conversions, rollup, postbacks } = r.counts;
  const problems = [
    clicks.missing && `${clicks.missing} acknowledged clicks missing`,
    clicks.duplicated && `${clicks.duplicated} clicks stored twice`,
    conversions.missing && `${conversions.missing} acknowledged conversions missing`,
    conversions.duplicated && `${conversions.duplicated} conversions stored twice`,
    rollup.clicks !== clicks.stored && `rollup clicks ${rollup.clicks} != stored ${clicks.stored}`,
    rollup.conversions !== conversions.stored &&
      `rollup conversions ${rollup.conversions} != stored ${conversions.stored}`,
    r.reportDelta.clicks !== clicks.stored && `report clicks +${r.reportDelta.clicks} != stored ${clicks.stored}`,
    r.reportDelta.conversions !== conversions.stored &&
      `report conversions +${r.reportDelta.conversions} != stored ${conversions.stored}`,
    postbacks.deliveries !== conversions.stored &&
      `${postbacks.deliveries} delivery jobs for ${conversions.stored} conversions`,
    postbacks.delivered !== postbacks.deliveries &&
      `${postbacks.deliveries - postbacks.delivered} postbacks not delivered`,
    postbacks.recordedTwice && `${postbacks.recordedTwice} postbacks delivered by two processes`,
    postbacks.receivedTwice > r.takeover.deliveries &&
      `${postbacks.receivedTwice} postbacks received twice, more than the dead process held`,
    Object.values(r.jobs).some((by) => by.length > 1) && 'a scheduled job ran more than once',
  ].filter(Boolean);
  for (const p of problems) console.error(`FAILED: ${p}`);
  failed = problems.length > 0;
} finally {
  await s.close();
}
process.exit(failed ? 1 : 0);
