import type { AppContext } from '../../context.ts';
import type { JobRunner } from '../../lib/job-runner.ts';
import { trackingEngine } from '../tracking/tracking-engine.ts';
import { changeStatuses } from './conversion-status.service.ts';
import { conversionStatusRepository } from './conversion-status.repository.ts';

const MINUTE_MS = 60_000;
/** Conversions one transaction of the hold's end approves at most. */
export const HOLD_BATCH = 500;

/**
 * The end of holds (docs/money.md): pending conversions whose `approve_after` has passed and that
 * carry no flags (a flagged one waits for a person) are approved, as the hold's end, a batch of
 * `HOLD_BATCH` per transaction until none is due. Through the one status change, which locks each
 * conversion and approves only a still-pending one, so two processes, or a decision made meanwhile,
 * never approve one twice. Answers how many were approved.
 */
export async function endHolds(ctx: AppContext, now = new Date()): Promise<number> {
  let approved = 0;
  for (;;) {
    const due = await conversionStatusRepository.dueHolds(ctx.db, now, HOLD_BATCH);
    if (due.length === 0) break;
    const results = await ctx.db.transaction().execute((trx) =>
      changeStatuses(
        ctx,
        trx,
        { kind: 'hold_expiry', label: 'hold', operatorId: null },
        due.map((d) => d.id),
        'approved',
        null,
        { now },
      ),
    );
    const changed = results.filter((r) => r.outcome === 'changed');
    approved += changed.length;
    if (changed.some((r) => r.postbacks > 0)) trackingEngine(ctx).delivery.wake();
    // A batch none of which changed (each decided meanwhile) would be found again only if still due.
    if (due.length < HOLD_BATCH || changed.length === 0) break;
  }
  return approved;
}

/** The hold's end every minute, once across the processes sharing the database (`JobRunner.periodic`). */
export function addConversionJobs(jobs: JobRunner): void {
  jobs.periodic({
    name: 'conversion-holds',
    periodMs: MINUTE_MS,
    firstAfterMs: 5_000,
    work: async (c) => {
      const n = await endHolds(c);
      if (n > 0) c.log.info({ approved: n }, 'held conversions approved at the end of their hold');
    },
  });
}
