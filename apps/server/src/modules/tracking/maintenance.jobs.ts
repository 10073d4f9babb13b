import type { AppContext } from '../../context.ts';
import { forgetOldWindows } from '../../lib/throttle.ts';
import { eventsService } from '../events/events.service.ts';
import { loginCodesService } from '../login-codes/login-codes.service.ts';
import { offerCatalogue } from '../offers/offer-catalogue.service.ts';
import { notificationsService } from '../notifications/notifications.service.ts';
import type { JobRunner } from '../../lib/job-runner.ts';
import { receiverBackoff } from '../postback-deliveries/postback-deliveries.service.ts';
import { trackingRepository } from './tracking.repository.ts';

const { escapeHtml } = notificationsService;

const HOUR_MS = 3600_000;

/**
 * Periodic upkeep of the tracking tables: next months' partitions of clicks and conversions,
 * expired unique-click windows, and offer expiry (status and `offer_expire` notifications); and
 * of the throttle windows of sign-in and sign-up. Hourly, once across every process sharing the
 * database (`JobRunner.periodic`: the first to look when it is due runs it, at start too, the
 * start waiting for it, and a survivor takes over a run that died); every step is idempotent all
 * the same.
 */
export function addMaintenanceJob(jobs: JobRunner): void {
  jobs.periodic({ name: 'tracking-maintenance', periodMs: HOUR_MS, work: (ctx) => maintain(ctx, new Date()) });
}

/** The upkeep run now, due or not (tests, and the scheduled run). */
export class TrackingMaintenance {
  constructor(private readonly ctx: AppContext) {}

  async runOnce(now = new Date()): Promise<void> {
    await maintain(this.ctx, now);
  }
}

async function maintain(ctx: AppContext, now: Date): Promise<void> {
  await ensurePartitions(ctx, now, 0, 2);
  await trackingRepository.forgetUniqueWindows(ctx.db, new Date(now.getTime() - 24 * HOUR_MS));
  await expireOffers(ctx, now);
  // Not tracking, but the same hourly beat: sign-in and sign-up throttle windows long closed.
  await forgetOldWindows(ctx.db, now);
  // And login codes expired a day ago (their audit rows stay).
  await loginCodesService.forgetOld(ctx.db, now);
  // Postback receivers whose back-off ended a day ago.
  await receiverBackoff.prune(ctx.db);
}

/** Creates monthly partitions from `from` to `to` months around `at`; skips any that cannot be made. */
export async function ensurePartitions(ctx: AppContext, at: Date, from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i++) {
    const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i, 1));
    const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i + 1, 1));
    const suffix = `${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const table of ['clicks', 'conversions'] as const) {
      if (await trackingRepository.partitionExists(ctx.db, `${table}_${suffix}`)) continue;
      try {
        // Fails if the default partition already holds rows of that month: they stay there.
        await trackingRepository.createPartition(ctx.db, table, suffix, start, end);
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
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const expired = await offerCatalogue.expireOffers(ctx.db, day(now.getTime()), day(now.getTime() - 60 * 86_400_000));
  let sent = 0;
  for (const offer of expired) {
    // Who ran it lately: clicks in the last 30 days' day rollups, and who was granted it.
    const publishers = new Set([
      ...(await eventsService.publishersWithClicks(ctx, offer.id, new Date(now.getTime() - 31 * 86_400_000))),
      ...(await offerCatalogue.grantedPublisherIds(ctx.db, offer.id)),
    ]);
    for (const publisherId of publishers) {
      const ok = await notificationsService.notifyAutomatic(ctx, {
        publisherId,
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
