import type { AdvertiserRow } from '@portal/shared/admin/advertisers.schemas';
import { cn } from '../../../components/ui/cn.ts';
import { ADVERTISER_STATUS_LABELS } from './advertiser-labels.ts';

export function AdvertiserStatusBadge({ status }: { status: AdvertiserRow['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium',
        status === 'active' ? 'bg-green-50 text-green-800' : 'bg-slate-100 text-slate-700',
      )}
    >
      {ADVERTISER_STATUS_LABELS[status]}
    </span>
  );
}

/** Which of its credentials are still the demo network's published ones (rotate before production). */
export function publishedWarning(a: AdvertiserRow): string | null {
  const which = [a.published_token ? 'conversion token' : null, a.published_pixel_secret ? 'pixel secret' : null]
    .filter(Boolean)
    .join(' and ');
  return which ? `Still holds the published demo ${which}` : null;
}
