import type { PublisherFigures } from '@portal/shared/admin/publishers.schemas';
import { Card } from '../../../components/ui/card.tsx';
import { formatInteger, formatMoney } from '../../../lib/format.ts';

/** Month to date, as the publisher's own dashboard counts it (from the 1st, in their time zone). */
export function PublisherFiguresCard({ figures }: { figures: PublisherFigures }) {
  const tiles = [
    { label: 'Clicks', value: formatInteger(figures.clicks) },
    { label: 'Conversions', value: formatInteger(figures.conversions) },
    { label: 'Payout', value: formatMoney(figures.payout) },
  ];
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Month to date</h2>
      <p className="mt-1 text-sm text-slate-600">
        Since {figures.start}, {figures.timezone}.
      </p>
      {/* A row per figure on a phone (a large payout keeps its room), three tiles from small width up. */}
      <dl className="mt-4 grid gap-2 sm:grid-cols-3 sm:gap-3">
        {tiles.map((t) => (
          <div
            key={t.label}
            className="flex items-baseline justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 sm:block sm:py-2.5"
          >
            <dt className="text-xs font-medium text-slate-600">{t.label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums sm:mt-0.5">{t.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
