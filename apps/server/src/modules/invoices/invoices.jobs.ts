import type { JobRunner } from '../../lib/job-runner.ts';
import { invoicesService, lastClosedMonth } from './invoices.service.ts';

const HOUR_MS = 3_600_000;

/**
 * Monthly invoices as a job of the app's runner: every hour the last closed month is invoiced, by
 * one of the processes sharing the database (`JobRunner.periodic`: a lease while it runs, the time
 * of the last completed run in the database, a survivor takes over a run that died), and the
 * unique (publisher, period) makes a repeat a no-op all the same. Tests turn it off
 * (DISABLED_JOBS=monthly-invoices) and call the service.
 */
export function addInvoiceJobs(jobs: JobRunner): void {
  jobs.periodic({
    name: 'monthly-invoices',
    periodMs: HOUR_MS,
    firstAfterMs: 10_000,
    work: async (c) => {
      const r = await invoicesService.generateMonth(c, lastClosedMonth());
      if (r.created.length) c.log.info({ created: r.created.length }, 'monthly invoices generated');
    },
  });
}
