import type { AppContext } from '../../context.ts';
import { schedulePeriodic } from '../../lib/periodic-job.ts';
import { invoicesService, lastClosedMonth } from './invoices.service.ts';

const HOUR_MS = 3_600_000;

/**
 * Monthly invoices as a scheduled job: every hour the last closed month is invoiced, by one of the
 * processes sharing the database (`schedulePeriodic`: a lock while it runs, the time of the last
 * completed run in the database, a survivor takes over a run that died), and the unique
 * (publisher, period) makes a repeat a no-op all the same.
 */
export function startInvoiceScheduler(ctx: AppContext): () => void {
  const job = schedulePeriodic(ctx, {
    name: 'monthly-invoices',
    periodMs: HOUR_MS,
    firstAfterMs: 10_000,
    work: async (c) => {
      const r = await invoicesService.generateMonth(c, lastClosedMonth());
      if (r.created.length) c.log.info({ created: r.created.length }, 'monthly invoices generated');
    },
  });
  return () => job.stop();
}
