import { Link } from 'react-router';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { OfferStatusBadge } from '../../../components/ui/status-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { formatPayout } from '../../../lib/format.ts';
import { LATEST_OFFERS_LIMIT } from '@portal/shared/constants';
import { useLatestOffers } from '../api/get-latest-offers.ts';

/** The newest offers the publisher may run (docs/screens.md Dashboard), each linking to its detail. */
export function LatestOffers() {
  const query = useLatestOffers();
  return (
    <section
      aria-labelledby="latest-offers-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="latest-offers-heading" className="text-sm font-semibold text-slate-900">
          Latest offers
        </h2>
        <Link to={paths.myOffers} className="text-sm font-medium text-accent hover:underline">
          All offers
        </Link>
      </div>
      <QueryBlock
        query={query}
        what="the latest offers"
        boxed={false}
        compact
        loading={
          // Shaped as the loaded rows (a name and a payout line), so what is below does not move.
          <div className="mt-2 flex flex-col divide-y divide-slate-100" aria-hidden="true">
            {Array.from({ length: LATEST_OFFERS_LIMIT }, (_, i) => (
              <div key={i} className="flex animate-pulse flex-col py-2">
                <div className="flex h-5 items-center">
                  <div className="h-3.5 w-40 rounded-full bg-slate-200/80" />
                </div>
                <div className="flex h-4 items-center">
                  <div className="h-3 w-24 rounded-full bg-slate-200/80" />
                </div>
              </div>
            ))}
          </div>
        }
      >
        {(data) =>
          data.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">No data</p>
          ) : (
            <ul className="mt-2 flex flex-col divide-y divide-slate-100">
              {data.map((o) => (
                <li key={o.offer_id} className="flex items-center justify-between gap-3 py-2">
                  <span className="flex min-w-0 flex-col">
                    <Link
                      to={paths.offer(o.offer_id)}
                      className="truncate text-sm font-medium text-accent hover:underline"
                    >
                      {o.name}
                    </Link>
                    <span className="text-xs text-slate-600">{formatPayout(o.payout, o.payout_type)}</span>
                  </span>
                  {o.status !== 'active' ? <OfferStatusBadge status={o.status} /> : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryBlock>
    </section>
  );
}
