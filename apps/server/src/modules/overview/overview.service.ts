import { OVERVIEW_PENDING_LIMIT, type Overview } from '@portal/shared/admin/overview.schemas';
import type { AppContext } from '../../context.ts';
import { accountsService } from '../accounts/accounts.service.ts';

/** The console's Overview: one section per subject, each read from its module's service. */
export const overviewService = {
  async get(ctx: AppContext): Promise<Overview> {
    const pending = await accountsService.pendingPublishers(ctx, OVERVIEW_PENDING_LIMIT);
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
    };
  },
};
