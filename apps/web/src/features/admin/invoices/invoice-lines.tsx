import type { AdminInvoiceDetailResponse } from '@portal/shared/admin/invoices.schemas';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatConsoleMoney } from '../money.ts';
import { AdminInvoiceStatusBadge } from './admin-invoice-status.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

type Detail = AdminInvoiceDetailResponse['data'];
const KIND_LABELS = {
  offer: 'Offer',
  referral: 'Referral commission',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  carried_over: 'Carried over',
} as const;

/** The invoice's facts, then its lines (offers, referral commissions, reversals) and the total. */
export function InvoiceLines({ detail }: { detail: Detail }) {
  const { invoice, items } = detail;
  const facts: [string, React.ReactNode][] = [
    ['Publisher', `${invoice.publisher_name} #${invoice.publisher_id}`],
    ['Period', `${invoice.date_range_start} – ${invoice.date_range_end}`],
    ['Status', <AdminInvoiceStatusBadge key="s" status={invoice.status} />],
    ['Made', formatDateTime(invoice.created_at, browserTimeZone())],
    ['Last change', formatDateTime(invoice.updated_at, browserTimeZone())],
  ];
  return (
    <div className="flex flex-col gap-4">
      <Card className="p-4 sm:p-5">
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-medium text-slate-600">{label}</dt>
              <dd className="mt-0.5 text-sm text-slate-900 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      <Card className="overflow-x-auto" tabIndex={0} role="region" aria-label="Invoice lines">
        <table className="w-full text-sm" aria-label="Lines">
          <thead className="border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold text-slate-700">
            <tr>
              <th className="px-3 py-2.5 sm:px-4">Line</th>
              <th className="px-3 py-2.5 sm:px-4 text-right">Price Per Action</th>
              <th className="px-3 py-2.5 sm:px-4 text-right">Paid Actions</th>
              <th className="px-3 py-2.5 sm:px-4 text-right">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((i, n) => (
              <tr key={n} className={cn(i.total < 0 && 'bg-red-50/40')}>
                <td className="px-3 py-2.5 sm:px-4">
                  <span className="block text-slate-900 break-words">{i.name}</span>
                  <span className="text-xs text-slate-600">
                    {KIND_LABELS[i.kind]}
                    {i.conversion_id ? ` · conversion ${i.conversion_id}` : ''}
                  </span>
                </td>
                <td className="px-3 py-2.5 sm:px-4 text-right tabular">{formatConsoleMoney(i.price_per_action)}</td>
                <td className="px-3 py-2.5 sm:px-4 text-right tabular">{i.payed_actions}</td>
                <td className="px-3 py-2.5 sm:px-4 text-right tabular">{formatConsoleMoney(i.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-slate-200 font-semibold text-slate-900">
            <tr>
              <td className="px-3 py-2.5 sm:px-4" colSpan={3}>
                Total
              </td>
              <td className="px-3 py-2.5 sm:px-4 text-right tabular">{formatConsoleMoney(invoice.payout_total)}</td>
            </tr>
          </tfoot>
        </table>
      </Card>
    </div>
  );
}
