import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { forgetOldWindows } from '../../lib/throttle.ts';
import { settleEvents } from '../reports/reports.ingest.ts';
import { loginCodesService } from '../login-codes/login-codes.service.ts';
import { escapeHtml, notifyPublisher } from './notify.ts';
import { schedulePeriodic, type PeriodicJob } from '../../lib/periodic-job.ts';

const HOUR_MS = 3600_000;

/**
 * Periodic upkeep of the tracking tables: next months' partitions of clicks and conversions,
 * expired unique-click windows, and offer expiry (status and `offer_expire` notifications); and
 * of the throttle windows of sign-in and sign-up. Hourly, once across every process sharing the
 * database (`schedulePeriodic`: the first to look when it is due runs it, at start too, and a
 * survivor takes over a run that died); every step is idempotent all the same.
 */
export class TrackingMaintenance {
  private job: PeriodicJob | null = null;

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    this.job = schedulePeriodic(this.ctx, {
      name: 'tracking-maintenance',
      periodMs: HOUR_MS,
      work: (ctx) => maintain(ctx, new Date()),
    });
    await this.job.first;
  }

  stop(): void {
    this.job?.stop();
    this.job = null;
  }

  /** One run now, due or not (tests, and the scheduled run). */
  async runOnce(now = new Date()): Promise<void> {
    await maintain(this.ctx, now);
  }
}

async function maintain(ctx: AppContext, now: Date): Promise<void> {
  await ensurePartitions(ctx, now, 0, 2);
  await ctx.db
    .deleteFrom('click_uniques')
    .where('window_start', '<', new Date(now.getTime() - 24 * HOUR_MS))
    .execute();
  await expireOffers(ctx, now);
  // Not tracking, but the same hourly beat: sign-in and sign-up throttle windows long closed.
  await forgetOldWindows(ctx.db, now);
  // And login codes expired a day ago (their audit rows stay).
  await loginCodesService.forgetOld(ctx.db, now);
}

/** Creates monthly partitions from `from` to `to` months around `at`; skips any that cannot be made. */
export async function ensurePartitions(ctx: AppContext, at: Date, from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i++) {
    const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i, 1));
    const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i + 1, 1));
    const suffix = `${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const table of ['clicks', 'conversions']) {
      const exists = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_class WHERE relname = ${`${table}_${suffix}`}`.execute(ctx.db);
      if (exists.rows[0]?.n) continue;
      try {
        // Fails if the default partition already holds rows of that month: they stay there.
        await sql
          .raw(
            `CREATE TABLE IF NOT EXISTS ${table}_${suffix} PARTITION OF ${table} FOR VALUES FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`,
          )
          .execute(ctx.db);
      } catch (err) {
        ctx.log.warn({ err, table, suffix }, 'partition not created');
      }
    }
  }
}

/**
 * Offers past their expiry date become 'expired'; every publisher who ran an expired offer in the
 * last 30 days (or was given it) gets one `offer_expire` notification, e-mailed when subscribed.
 */
export async function expireOffers(ctx: AppContext, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  await ctx.db
    .updateTable('offers')
    .set({ status: 'expired' })
    .where('status', 'in', ['active', 'ready'])
    .where('expire_date', '<', today)
    .execute();
  const expired = await ctx.db
    .selectFrom('offers')
    .select(['id', 'name'])
    .where('status', '=', 'expired')
    .where((eb) =>
      eb.or([
        eb('expire_date', 'is', null),
        eb('expire_date', '>=', new Date(now.getTime() - 60 * 86_400_000).toISOString().slice(0, 10)),
      ]),
    )
    .execute();
  let sent = 0;
  if (expired.length > 0) await settleEvents(ctx.db, ctx.log);
  for (const offer of expired) {
    // Who ran it lately: clicks in the day rollups of the last 30 days, and who was granted it.
    const publishers = await ctx.db
      .selectFrom('report_rollups')
      .select('publisher_id')
      .distinct()
      .where('grain', '=', 3)
      .where('offer_id', '=', offer.id)
      .where('bucket', '>=', new Date(now.getTime() - 31 * 86_400_000))
      .where('clicks', '>', 0)
      .union(ctx.db.selectFrom('publisher_offers').select('publisher_id').where('offer_id', '=', offer.id))
      .execute();
    for (const p of publishers) {
      const ok = await notifyPublisher(ctx, {
        publisherId: p.publisher_id,
        kind: 'offer_expire',
        dedupKey: `offer_expire:${offer.id}`,
        summary: `Offer has expired: ${offer.name}`,
        description: `<p>The offer <strong>${escapeHtml(offer.name)}</strong> has expired. Its tracking links now send visitors to the fallback page.</p>`,
        offerId: offer.id,
      });
      if (ok) sent++;
    }
  }
  return sent;
}
