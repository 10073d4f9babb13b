import { TOP_CAMPAIGNS_LIMIT } from '@portal/shared/constants';
import { lazy, Suspense } from 'react';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import type { DayRange } from '../../../components/ui/date-range/date-range.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useTopCampaigns } from '../api/get-top-campaigns.ts';
import { PIE_COLORS } from './pie-colors.ts';

// The chart code loads with the dashboard's sidebar, not with the app.
const TopCampaignsPie = lazy(() => import('./top-campaigns-pie.tsx'));

/** The top 5 campaigns by conversions (docs/screens.md Dashboard): a pie with its figures listed beside it. */
export function TopCampaigns({ range }: { range: DayRange }) {
  const query = useTopCampaigns(range);
  return (
    <section
      aria-labelledby="top-campaigns-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <h2 id="top-campaigns-heading" className="text-sm font-semibold text-slate-900">
        Top campaigns by conversions
      </h2>
      <QueryBlock
        query={query}
        what="the top campaigns"
        boxed={false}
        compact
        loading={
          // The pie's place and the list's five lines, so the panels below do not move.
          <div aria-hidden="true" className="animate-pulse">
            <div className="mt-2 flex h-40 items-center justify-center">
              <div className="size-38 rounded-full border-[26px] border-slate-100" />
            </div>
            <div className="mt-2 flex flex-col gap-1">
              {Array.from({ length: TOP_CAMPAIGNS_LIMIT }, (_, i) => (
                <div key={i} className="flex h-5 items-center">
                  <div className="h-3.5 w-40 rounded-full bg-slate-200/80" />
                </div>
              ))}
            </div>
          </div>
        }
      >
        {(data) =>
          data.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No data</p>
          ) : (
            <>
              <Suspense fallback={<div className="mt-2 h-40" aria-hidden="true" />}>
                <TopCampaignsPie rows={data} />
              </Suspense>
              <ol className="mt-2 flex flex-col gap-1 text-sm" aria-label="Top campaigns">
                {data.map((r, i) => (
                  <li key={r.offer_id} className="flex items-center justify-between gap-3">
                    <span className="flex min-w-0 items-center gap-2">
                      <span
                        className="size-2.5 shrink-0 rounded-full"
                        style={{ background: PIE_COLORS[i] }}
                        aria-hidden="true"
                      />
                      <span className="truncate text-slate-800">{r.campaign_name}</span>
                    </span>
                    <span className="shrink-0 text-slate-700 tabular">{formatInteger(r.conversions)}</span>
                  </li>
                ))}
              </ol>
            </>
          )
        }
      </QueryBlock>
    </section>
  );
}
