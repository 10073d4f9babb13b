import type { AdvertiserStatus } from '@portal/shared/admin/advertisers.schemas';

export const ADVERTISER_STATUS_LABELS: Record<AdvertiserStatus, string> = { active: 'Active', inactive: 'Inactive' };
