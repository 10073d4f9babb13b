import type { AppContext } from '../../context.ts';
import type { JobRunner } from '../../lib/job-runner.ts';
import { settleJob } from '../events/events.jobs.ts';
import { deliveryJob } from '../postback-deliveries/postback-deliveries.service.ts';
import { addMaintenanceJob } from './maintenance.jobs.ts';
import { trackingEngine } from './tracking-engine.ts';

/**
 * The tracking engine's jobs, in the order they start: the hourly upkeep (its first run awaited:
 * this month's partitions exist before a click comes), postback delivery (modules/postback-deliveries),
 * the refused calls' minute sums, and the settle (batches a stop or a crash left are written out at
 * start). The click writer is on the clicks' path, not a job, but its close goes through the same
 * stop: pending clicks are committed, then the settle runs a last time, while postback attempts in
 * hand wind down (they began to at the stop's start), all before the database closes.
 */
export function addTrackingJobs(jobs: JobRunner, ctx: AppContext): void {
  const engine = trackingEngine(ctx);
  addMaintenanceJob(jobs);
  jobs.add(deliveryJob(ctx));
  jobs.add({ name: 'conversion-refusals', start: () => engine.refusals.start(), stop: () => engine.refusals.stop() });
  jobs.add({ name: 'click-writer', stop: () => engine.clickWriter.close() });
  jobs.add(settleJob(engine.settle, { after: 'click-writer' }));
}
