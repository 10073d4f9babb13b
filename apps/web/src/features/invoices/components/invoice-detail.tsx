import type { InvoiceItem, InvoiceResponse } from '@portal/shared/invoices/invoices.schemas';
import { PAYMENT_METHOD_LABELS } from '@portal/shared/profile/payment-details.constants';
import { Card } from '../../../components/ui/card.tsx';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { todayIn } from '../../../components/ui/date-range/date-range.ts';
import { formatInteger, formatMoney, formatMoneyPrecise } from '../../../lib/format.ts';
import { useIsWide } from '../../../lib/use-media-query.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { lineLabel } from '../invoice-lines.ts';
import { InvoicePeriod } from './invoice-period.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

/**
 * One invoice (docs/screens.md Invoices): its period, status and total, then its lines (offer name,
 * Price Per Action, Paid Actions, Total; referral commissions marked as such) and the grand total,
 * which is the invoice's payout total (the sum of its lines, as the server computed it).
 */
export function InvoiceDetail({ invoiceId, timeZone }: { invoiceId: number; timeZone: string }) {
  return (
    <QueryBlock query={useInvoice(invoiceId)} what="the invoice">
      {(data) => (
        <div className="flex flex-col gap-5">
          <InvoiceSummary data={data} timeZone={timeZone} />
          <InvoiceLines items={data.items} total={data.invoice.payout_total} />
        </div>
      )}
    </QueryBlock>
  );
}

function InvoiceSummary({ data: { invoice }, timeZone }: { data: InvoiceResponse; timeZone: string }) {
  return (
    <Card className="grid gap-x-8 gap-y-4 p-5 sm:grid-cols-[1fr_auto] sm:p-6">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2.5 text-sm">
        <dt className="text-slate-600">Period</dt>
        <dd className="font-medium text-slate-900" data-testid="invoice-period">
          <InvoicePeriod start={invoice.date_range_start} end={invoice.date_range_end} />
        </dd>
        <dt className="text-slate-600">Status</dt>
        <dd>
          <InvoiceStatusBadge status={invoice.status} />
        </dd>
        <dt className="text-slate-600">Issued</dt>
        <dd className="text-slate-900 tabular">{todayIn(timeZone, new Date(invoice.created_at))}</dd>
        {invoice.status === 'paid' && invoice.paid_at ? (
          <>
            <dt className="text-slate-600">Paid</dt>
            <dd className="text-slate-900 tabular" data-testid="invoice-paid-at">
              {invoice.paid_at}
            </dd>
            <dt className="text-slate-600">Method</dt>
            <dd className="text-slate-900">
              {invoice.payment_method ? PAYMENT_METHOD_LABELS[invoice.payment_method] : '—'}
            </dd>
            <dt className="text-slate-600">Reference</dt>
            <dd className="break-all text-slate-900" data-testid="invoice-payment-reference">
              {invoice.payment_reference ?? '—'}
            </dd>
          </>
        ) : null}
        {invoice.status === 'carried_over' ? (
          <>
            <dt className="text-slate-600">Payment</dt>
            <dd className="text-slate-900">Below the minimum payout: carried over to the next month's invoice.</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-col sm:items-end sm:text-right">
        <p className="text-sm text-slate-600">Total</p>
        <p className="text-3xl font-semibold tracking-tight text-slate-900 tabular">
          {formatMoney(invoice.payout_total)}
        </p>
      </div>
    </Card>
  );
}

function ItemName({ item }: { item: InvoiceItem }) {
  const { name, tag } = lineLabel(item);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      <span className="break-words">{name}</span>
      {tag ? <Badge className="bg-slate-100 text-slate-700 ring-slate-500/25">{tag}</Badge> : null}
    </span>
  );
}

function InvoiceLines({ items, total }: { items: InvoiceItem[]; total: number }) {
  const wide = useIsWide();
  if (items.length === 0)
    return <Card className="px-5 py-10 text-center text-sm text-slate-600">This invoice has no lines.</Card>;

  if (!wide) {
    return (
      <section aria-labelledby="invoice-lines" className="flex flex-col gap-3">
        <h2 id="invoice-lines" className="text-base font-semibold text-slate-900">
          Lines
        </h2>
        <ul aria-label="Invoice lines" className="flex flex-col gap-3">
          {items.map((item, i) => (
            <li key={i} className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
              <div className="mb-2 text-[15px] font-medium text-slate-900">
                <ItemName item={item} />
              </div>
              <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-slate-600">Price Per Action</dt>
                <dd className="text-slate-900 tabular">{formatMoneyPrecise(item.price_per_action)}</dd>
                <dt className="text-slate-600">Paid Actions</dt>
                <dd className="text-slate-900 tabular">{formatInteger(item.payed_actions)}</dd>
                <dt className="text-slate-600">Total</dt>
                <dd className="font-medium text-slate-900 tabular">{formatMoney(item.total)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <div className="flex items-baseline justify-between rounded-xl border border-slate-300 bg-slate-50 p-4">
          <span className="text-sm font-semibold text-slate-900">Grand total</span>
          <span className="text-lg font-semibold text-slate-900 tabular" data-testid="invoice-grand-total">
            {formatMoney(total)}
          </span>
        </div>
      </section>
    );
  }

  const th = 'border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-xs font-semibold text-slate-600';
  const td = 'border-b border-slate-100 px-4 py-3 align-middle';
  return (
    <Card className="overflow-hidden">
      <table aria-label="Invoice lines" className="w-full table-fixed border-separate border-spacing-0 text-sm">
        <colgroup>
          <col />
          <col style={{ width: '11rem' }} />
          <col style={{ width: '9rem' }} />
          <col style={{ width: '11rem' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className={`${th} text-left`}>
              Offer
            </th>
            <th scope="col" className={`${th} text-right`}>
              Price Per Action
            </th>
            <th scope="col" className={`${th} text-right`}>
              Paid Actions
            </th>
            <th scope="col" className={`${th} text-right`}>
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => (
            <tr key={i} className="hover:bg-slate-50/70">
              <td className={`${td} text-slate-800`}>
                <ItemName item={item} />
              </td>
              <td className={`${td} text-right text-slate-800 tabular`}>{formatMoneyPrecise(item.price_per_action)}</td>
              <td className={`${td} text-right text-slate-800 tabular`}>{formatInteger(item.payed_actions)}</td>
              <td className={`${td} text-right font-medium text-slate-900 tabular`}>{formatMoney(item.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="bg-slate-50 text-slate-900">
            <th scope="row" colSpan={3} className="px-4 py-3.5 text-right text-sm font-semibold">
              Grand total
            </th>
            <td className="px-4 py-3.5 text-right text-base font-semibold tabular" data-testid="invoice-grand-total">
              {formatMoney(total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </Card>
  );
}
