import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { invoicesService, lastClosedMonth } from './invoices.service.ts';

const HOUR_MS = 3_600_000;
/** Any number fixed for this job: processes sharing a database take turns on it. */
const LOCK_KEY = 40_410_001;

/**
 * Monthly invoices as a scheduled job: every hour each process tries to invoice the last closed
 * month. Work is coordinated through the database: a session advisory lock keeps two processes from
 * doing it at once, and the unique (publisher, period) makes a repeat a no-op.
 */
export function startInvoiceScheduler(ctx: AppContext): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await ctx.db.connection().execute(async (conn) => {
        const got = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${LOCK_KEY}) AS ok`.execute(conn);
        if (!got.rows[0]?.ok) return;
        try {
          const r = await invoicesService.generateMonth({ ...ctx, db: conn }, lastClosedMonth());
          if (r.created.length) ctx.log.info({ created: r.created.length }, 'monthly invoices generated');
        } finally {
          await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
        }
      });
    } catch (err) {
      ctx.log.error({ err }, 'monthly invoice generation failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), 10_000);
  const every = setInterval(() => void tick(), HOUR_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
