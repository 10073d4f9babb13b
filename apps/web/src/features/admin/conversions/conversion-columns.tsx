import type { AdminConversion } from '@portal/shared/admin/conversions.schemas';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatConsoleMoney } from '../money.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const EVENT_LABELS = { conversion: 'Conversion', partial: 'Partial', upsell: 'Upsell' } as const;

function StatusBadge({ c }: { c: AdminConversion }) {
  const reversed = c.status === 'reversed';
  return (
    <span className="flex flex-col gap-0.5">
      <span
        className={cn(
          'inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-medium',
          reversed ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800',
        )}
      >
        {reversed ? 'Reversed' : c.status === 'approved' ? 'Approved' : c.status}
      </span>
      {c.reversal ? <span className="text-xs text-slate-600 break-words">{c.reversal.reason}</span> : null}
    </span>
  );
}

/** The Conversions list's columns; `onReverse` absent (a viewer): no Reverse button. */
export function conversionColumns(onReverse: ((c: AdminConversion) => void) | null): Column<AdminConversion>[] {
  const columns: Column<AdminConversion>[] = [
    {
      id: 'time',
      header: 'Time',
      primary: true,
      width: '13.5rem',
      cell: (c) => (
        <span>
          <span className="block font-medium whitespace-nowrap text-slate-900 tabular-nums">
            {formatDateTime(c.created_at, browserTimeZone())}
          </span>
          <span className="block break-all font-mono text-xs text-slate-600" title="Transaction ID (tid)">
            {c.tid}
          </span>
        </span>
      ),
    },
    {
      id: 'publisher',
      header: 'Publisher',
      cell: (c) => (
        <span className="break-words">
          {c.publisher_name} <span className="text-slate-600">#{c.publisher_id}</span>
        </span>
      ),
    },
    {
      id: 'offer',
      header: 'Offer',
      cell: (c) => (
        <span className="break-words">
          {c.offer_name} <span className="text-slate-600">#{c.offer_id}</span>
        </span>
      ),
    },
    { id: 'event', header: 'Event', width: '7rem', cell: (c) => EVENT_LABELS[c.event_type] },
    { id: 'payout', header: 'Payout', align: 'right', width: '7rem', cell: (c) => formatConsoleMoney(c.payout) },
    { id: 'revenue', header: 'Revenue', align: 'right', width: '7rem', cell: (c) => formatConsoleMoney(c.revenue) },
    {
      id: 'order',
      header: 'Order ID',
      width: '9rem',
      cell: (c) => <span className="break-all">{c.adv_transaction_id ?? '—'}</span>,
    },
    { id: 'status', header: 'Status', width: '9rem', cell: (c) => <StatusBadge c={c} /> },
  ];
  if (onReverse)
    columns.push({
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      width: '7rem',
      cell: (c) =>
        c.status === 'approved' ? (
          <Button size="sm" variant="secondary" onClick={() => onReverse(c)} aria-label={`Reverse conversion ${c.id}`}>
            Reverse
          </Button>
        ) : null,
    });
  return columns;
}
