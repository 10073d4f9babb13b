import type { AdminConversion, ConversionDecision, ConversionFlag } from '@portal/shared/admin/conversions.schemas';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatConsoleMoney } from '../money.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const EVENT_LABELS = { conversion: 'Conversion', partial: 'Partial', upsell: 'Upsell' } as const;

const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', reversed: 'Reversed' } as const;
const STATUS_TONES = {
  pending: 'bg-amber-50 text-amber-900',
  approved: 'bg-green-50 text-green-800',
  rejected: 'bg-red-50 text-red-800',
  reversed: 'bg-red-50 text-red-800',
} as const;
/** The fraud signals that held a conversion (docs/money.md), for operators only. */
const FLAG_LABELS: Record<ConversionFlag, string> = {
  short_ctit: 'Too soon after click',
  outside_regions: 'Outside regions',
  repeat_address: 'Repeat address',
};

function StatusBadge({ c }: { c: AdminConversion }) {
  const reason = c.status_reason ?? c.reversal?.reason ?? null;
  return (
    <span className="flex flex-col gap-0.5">
      <span className={cn('inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_TONES[c.status])}>
        {STATUS_LABELS[c.status]}
      </span>
      {c.flags.length > 0 ? (
        <span className="flex flex-wrap gap-1" aria-label="Fraud flags">
          {c.flags.map((f) => (
            <span key={f} className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700">
              {FLAG_LABELS[f]}
            </span>
          ))}
        </span>
      ) : null}
      {reason ? <span className="text-xs text-slate-600 break-words">{reason}</span> : null}
    </span>
  );
}

export interface ConversionActions {
  reverse: (c: AdminConversion) => void;
  decide: (c: AdminConversion, status: ConversionDecision) => void;
}

/**
 * The Conversions list's columns; `actions` absent (a viewer): no buttons. A pending one may be
 * approved or rejected, a rejected one approved (a correction), an approved one rejected or reversed.
 */
export function conversionColumns(actions: ConversionActions | null): Column<AdminConversion>[] {
  const columns: Column<AdminConversion>[] = [
    {
      id: 'time',
      header: 'Time',
      primary: true,
      width: '12rem',
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
    { id: 'event', header: 'Event', width: '6rem', cell: (c) => EVENT_LABELS[c.event_type] },
    { id: 'payout', header: 'Payout', align: 'right', width: '6.5rem', cell: (c) => formatConsoleMoney(c.payout) },
    { id: 'revenue', header: 'Revenue', align: 'right', width: '6.5rem', cell: (c) => formatConsoleMoney(c.revenue) },
    {
      id: 'order',
      header: 'Order ID',
      width: '8rem',
      cell: (c) => <span className="break-all">{c.adv_transaction_id ?? '—'}</span>,
    },
    { id: 'status', header: 'Status', width: '8rem', cell: (c) => <StatusBadge c={c} /> },
  ];
  if (actions)
    columns.push({
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      width: '12rem',
      cell: (c) => (
        <span className="flex flex-wrap justify-end gap-1.5">
          {c.status === 'pending' || c.status === 'rejected' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => actions.decide(c, 'approved')}
              aria-label={`Approve conversion ${c.id}`}
            >
              Approve
            </Button>
          ) : null}
          {c.status === 'pending' || c.status === 'approved' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => actions.decide(c, 'rejected')}
              aria-label={`Reject conversion ${c.id}`}
            >
              Reject
            </Button>
          ) : null}
          {c.status === 'approved' ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => actions.reverse(c)}
              aria-label={`Reverse conversion ${c.id}`}
            >
              Reverse
            </Button>
          ) : null}
        </span>
      ),
    });
  return columns;
}
