import RefreshCw from 'lucide-react/icons/refresh-cw';
import { formatMoney } from '../../../lib/format.ts';
import { failureDetail, isShownFailure } from '../../../lib/load-failure.ts';
import { useRevenueSummary } from '../api/get-revenue-summary.ts';

/**
 * Week-to-date and month-to-date earnings (docs/screens.md Dashboard), large figures in the sidebar,
 * each with the period's pending earnings beside it (docs/money.md: paid once approved).
 */
export function EarningsSummary() {
  const week = useRevenueSummary('week');
  const month = useRevenueSummary('month');
  return (
    <section aria-label="Earnings so far" className="grid grid-cols-2 gap-3">
      <Figure label="Week to Date" query={week} />
      <Figure label="Month to Date" query={month} />
    </section>
  );
}

function Figure({ label, query }: { label: string; query: ReturnType<typeof useRevenueSummary> }) {
  const value = query.data?.revenue;
  const pending = query.data?.pending;
  const since = query.data?.start;
  const failed = !query.data && !query.isFetching && isShownFailure(query.error);
  const loading = !query.data && !failed;
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      data-first-data={value !== undefined ? '' : undefined}
    >
      <p className="text-xs font-semibold text-slate-600">{label}</p>
      <p className="mt-1 h-8 text-2xl font-semibold text-slate-900 tabular">
        {failed ? (
          // Never $0.00 for a figure the server did not give: the failure, and a way to ask again.
          <span role="alert" className="block pt-1 text-base font-medium text-red-800">
            Not loaded<span className="sr-only"> ({failureDetail(query.error)})</span>
          </span>
        ) : loading ? (
          // A label needs a role (axe aria-prohibited-attr): the placeholder is a status saying so.
          <span
            role="status"
            className="inline-block h-7 w-24 animate-pulse rounded bg-slate-200 align-top"
            aria-label="Loading"
          />
        ) : (
          formatMoney(value)
        )}
      </p>
      {/* The line is there before its figure arrives, so the card keeps its height. */}
      {failed ? (
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="mt-0.5 inline-flex items-center gap-1 rounded text-xs font-medium text-accent hover:underline"
        >
          <RefreshCw size={12} aria-hidden="true" />
          Try again
        </button>
      ) : (
        <p className="mt-0.5 text-xs text-slate-600">{since ? `since ${since}` : '\u00a0'}</p>
      )}
      {/* Always there, so the card keeps its height when the figures arrive. */}
      {failed ? null : (
        <p className="mt-2 border-t border-slate-100 pt-2 text-xs text-slate-600">
          Pending{' '}
          <span className="font-semibold text-amber-800 tabular">
            {pending !== undefined ? formatMoney(pending) : '\u00a0'}
          </span>
        </p>
      )}
    </div>
  );
}
