import type { NetworkFigures, NetworkToDate } from '@portal/shared/admin/overview.schemas';
import { Card } from '../../../components/ui/card.tsx';
import { formatInteger, formatMoney } from '../../../lib/format.ts';

/** One span's figures: a row per figure on a phone, five tiles from a wide screen up. */
function Figures({ title, note, figures }: { title: string; note: string; figures: NetworkFigures }) {
  const tiles = [
    { label: 'Clicks', value: formatInteger(figures.clicks) },
    { label: 'Conversions', value: formatInteger(figures.conversions) },
    { label: 'Revenue', value: formatMoney(figures.revenue) },
    { label: 'Payout', value: formatMoney(figures.payout) },
    { label: 'Margin', value: formatMoney(figures.margin), negative: figures.margin < 0 },
  ];
  return (
    <Card className="p-5">
      <section aria-label={title}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          <p className="text-sm text-slate-600">{note}</p>
        </div>
        <dl className="mt-4 grid gap-2 sm:grid-cols-5 sm:gap-3">
          {tiles.map((t) => (
            <div
              key={t.label}
              className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 sm:block sm:py-2.5"
            >
              <dt className="text-xs font-medium text-slate-600">{t.label}</dt>
              <dd
                className={`text-lg font-semibold tabular-nums sm:mt-0.5 ${t.negative ? 'text-red-700' : 'text-slate-900'}`}
              >
                {t.value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}

/**
 * The network today and month to date: every publisher's clicks, conversions, what the advertisers
 * pay (revenue), what the publishers earn (payout) and the difference (margin), in UTC days.
 */
export function NetworkFiguresCards({ network }: { network: NetworkToDate }) {
  return (
    <>
      <Figures title="Today" note={`${network.today}, UTC`} figures={network.today_figures} />
      <Figures title="Month to date" note={`Since ${network.month_start}, UTC`} figures={network.month_to_date} />
    </>
  );
}
