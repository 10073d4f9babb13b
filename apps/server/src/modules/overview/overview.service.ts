import { OVERVIEW_CAPS_LIMIT, OVERVIEW_PENDING_LIMIT, type Overview } from '@portal/shared/admin/overview.schemas';
import type { AppContext } from '../../context.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { capStatus } from '../tracking/caps.service.ts';

/** The console's Overview: one section per subject, each read from its module's service. */
export const overviewService = {
  async get(ctx: AppContext): Promise<Overview> {
    const pending = await accountsService.pendingPublishers(ctx, OVERVIEW_PENDING_LIMIT);
    const caps = await capStatus(ctx.db, { limit: OVERVIEW_CAPS_LIMIT });
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
    };
  },
};
