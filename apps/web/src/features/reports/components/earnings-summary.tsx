import { formatMoney } from '../../../lib/format.ts';
import { useRevenueSummary } from '../api/get-revenue-summary.ts';

/** Week-to-date and month-to-date earnings (docs/screens.md Dashboard), large figures in the sidebar. */
export function EarningsSummary() {
  const week = useRevenueSummary('week');
  const month = useRevenueSummary('month');
  return (
    <section aria-label="Earnings so far" className="grid grid-cols-2 gap-3">
      <Figure label="Week to date" value={week.data?.revenue} since={week.data?.start} loading={week.isPending} />
      <Figure label="Month to date" value={month.data?.revenue} since={month.data?.start} loading={month.isPending} />
    </section>
  );
}

function Figure({
  label,
  value,
  since,
  loading,
}: {
  label: string;
  value: number | undefined;
  since: string | undefined;
  loading: boolean;
}) {
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
      data-first-data={value !== undefined ? '' : undefined}
    >
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <p className="mt-1 h-8 text-2xl font-semibold text-slate-900 tabular">
        {loading ? (
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
      <p className="mt-0.5 text-xs text-slate-600">{since ? `since ${since}` : '\u00a0'}</p>
    </div>
  );
}
