import type { AppContext } from '../context.ts';
import { JobRunner } from '../lib/job-runner.ts';
import { addTrackingJobs } from '../modules/tracking/tracking.jobs.ts';
import { addExportJobs } from '../modules/exports/exports.jobs.ts';
import { addInvoiceJobs } from '../modules/invoices/invoices.jobs.ts';
import { addConversionJobs } from '../modules/conversions/conversions.jobs.ts';

/**
 * The process's background jobs (ARCHITECTURE.md, "Background jobs"): each module's `*.jobs.ts`
 * adds its own here. app.ts starts them on ready and stops them before the database closes; no
 * route starts one. DISABLED_JOBS names those this process does not run.
 */
export function createJobs(ctx: AppContext): JobRunner {
  const disabled = new Set(
    ctx.config.DISABLED_JOBS.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
  const jobs = new JobRunner(ctx, disabled);
  addTrackingJobs(jobs, ctx);
  addExportJobs(jobs, ctx);
  addInvoiceJobs(jobs);
  addConversionJobs(jobs);
  return jobs;
}
