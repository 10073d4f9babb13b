import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { presetRange, type DayRange } from '../../../components/ui/date-range/date-range.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { LatestInvoices } from '../../../features/invoices/components/latest-invoices.tsx';
import { LatestOffers } from '../../../features/offers/components/latest-offers.tsx';
import { DashboardCampaigns } from '../../../features/reports/components/dashboard-campaigns.tsx';
import { EarningsSummary } from '../../../features/reports/components/earnings-summary.tsx';
import { TopCampaigns } from '../../../features/reports/components/top-campaigns.tsx';
import { useTimeZone } from '../../../features/user/api/user.ts';
import { ReferralLink } from '../../../features/user/components/referral-link.tsx';
import { useIsWide } from '../../../lib/use-media-query.ts';

export function Component() {
  const timeZone = useTimeZone();
  return (
    <PageWrapper title="Dashboard" icon="Dashboard" wide>
      {timeZone ? <Dashboard timeZone={timeZone} /> : null}
    </PageWrapper>
  );
}

/**
 * docs/screens.md Dashboard: the campaign summary over a date range (today by default), and beside it the
 * week and month so far, latest invoices, the top campaigns, the latest offers and the referral
 * link. On a phone that sidebar is one folded section above the table.
 *
 * The page reads (and tabs) in the order it is laid out: from 1024 px the table, then the sidebar
 * on its right; on a phone the folded section, then the table.
 */
function Dashboard({ timeZone }: { timeZone: string }) {
  const [range, setRange] = useState<DayRange>(() => presetRange('today', timeZone));
  const [open, setOpen] = useState(false);
  const wide = useIsWide();
  const moreId = useId();
  const campaigns = (
    <div className="min-w-0">
      <DashboardCampaigns range={range} onRangeChange={setRange} timeZone={timeZone} />
    </div>
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {wide ? campaigns : null}
      <aside aria-label="Summary" className="flex flex-col gap-4">
        <button
          type="button"
          className="flex items-center justify-between rounded-xl border border-slate-200 bg-white px-4 py-3 text-left text-sm font-medium text-slate-800 shadow-xs lg:hidden"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen((o) => !o)}
        >
          Earnings, invoices, top campaigns and offers
          <ChevronDown size={18} aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
        </button>
        {/* Folded, its parts are not mounted: a phone loads them (and the pie) when they are asked for. */}
        <div id={moreId} className={cn('flex-col gap-4 lg:flex', open ? 'flex' : 'hidden')}>
          {(open || wide) && (
            <>
              <EarningsSummary />
              <LatestInvoices />
              <TopCampaigns range={range} />
              <LatestOffers />
              <ReferralLink stacked />
            </>
          )}
        </div>
      </aside>
      {wide ? null : campaigns}
    </div>
  );
}
