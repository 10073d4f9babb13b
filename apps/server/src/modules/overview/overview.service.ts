import {
  OVERVIEW_CAPS_LIMIT,
  OVERVIEW_PENDING_LIMIT,
  OVERVIEW_RECEIVERS_LIMIT,
  type NetworkFigures,
  type Overview,
} from '@portal/shared/admin/overview.schemas';
import type { AppContext } from '../../context.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { reportsService, type NetworkSums } from '../reports/reports.service.ts';
import { capStatus } from '../tracking/caps.service.ts';
import { refusalsByReason } from '../tracking/conversion-refusals.ts';
import { failingReceivers } from '../postback-deliveries/postback-deliveries.service.ts';

const DAY_MS = 86_400_000;

const figures = (s: NetworkSums): NetworkFigures => ({
  ...s,
  margin: Math.round((s.revenue - s.payout) * 10_000) / 10_000,
});

/** The console's Overview: one section per subject, each read from its module's service. */
export const overviewService = {
  async get(ctx: AppContext): Promise<Overview> {
    const now = Date.now();
    const since = new Date(now - DAY_MS);
    const pending = await accountsService.pendingPublishers(ctx, OVERVIEW_PENDING_LIMIT);
    const caps = await capStatus(ctx.db, { limit: OVERVIEW_CAPS_LIMIT });
    const network = await reportsService.networkToDate(ctx, now);
    const receivers = await failingReceivers(ctx.db);
    const refusals = await refusalsByReason(ctx.db, since);
    return {
      pending_publishers: {
        count: pending.count,
        latest: pending.latest.map((p) => ({
          id: p.id,
          name: p.name,
          email: p.email,
          created_at: new Date(p.created_at).toISOString(),
        })),
      },
      caps: caps.map((c) => ({
        offer_id: c.offerId,
        offer_name: c.offerName,
        period: c.period,
        period_start: c.periodStart,
        publisher_id: c.publisherId,
        count: c.count,
        cap: c.cap,
        pixel_count: c.pixelCount,
      })),
      network: {
        timezone: network.timezone,
        today: network.today,
        month_start: network.month_start,
        data_as_of: network.data_as_of,
        today_figures: figures(network.day),
        month_to_date: figures(network.range),
      },
      failing_receivers: {
        count: receivers.length,
        receivers: receivers.slice(0, OVERVIEW_RECEIVERS_LIMIT).map((r) => ({
          publisher_id: r.publisherId,
          publisher_name: r.publisherName,
          host: r.host,
          failing_since: r.failingSince.toISOString(),
          failures: r.failures,
          backing_off_until: r.resumeAt ? r.resumeAt.toISOString() : null,
          next_attempt_at: r.nextAttemptAt ? r.nextAttemptAt.toISOString() : null,
          failing_postbacks: r.failingPostbacks,
        })),
      },
      refusals: {
        since: since.toISOString(),
        total: refusals.reduce((n, r) => n + Number(r.refusals), 0),
        by_reason: refusals.map((r) => ({ reason: r.reason, refusals: Number(r.refusals) })),
      },
    };
  },
};
