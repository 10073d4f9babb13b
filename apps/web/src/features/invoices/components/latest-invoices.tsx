import { LATEST_INVOICES_LIMIT } from '@portal/shared/invoices/invoices.constants';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useId } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { QueryBlock } from '../../../components/ui/query-block.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLatestInvoices } from '../api/get-invoice-list.ts';
import { InvoicePeriod } from './invoice-period.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

export interface LatestInvoicesProps {
  /** How many invoices to list (default 5). */
  limit?: number;
  /** The heading's level in the page (the dashboard's sidebar: 2). */
  headingLevel?: 2 | 3;
  className?: string;
}

/**
 * The dashboard's invoice panel (docs/screens.md, "Dashboard" and "Invoices and offers"): the latest invoices
 * with their period, total and status (paid green, the others yellow), each linking to its
 * invoice, and 'View all' → /invoices.
 */
export function LatestInvoices({ limit = LATEST_INVOICES_LIMIT, headingLevel = 2, className }: LatestInvoicesProps) {
  const query = useLatestInvoices(limit);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className={cn('flex flex-col', className)}>
      <section aria-labelledby={headingId}>
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
          <Heading id={headingId} className="text-sm font-semibold text-slate-900">
            Latest invoices
          </Heading>
          <Link
            to={paths.invoices}
            className="inline-flex items-center gap-0.5 rounded text-sm font-medium text-accent hover:underline"
          >
            View all
            <ChevronRight size={15} aria-hidden="true" />
          </Link>
        </div>
        <QueryBlock
          query={query}
          what="your latest invoices"
          boxed={false}
          compact
          loading={
            <div
              className="flex flex-col divide-y divide-slate-100"
              aria-hidden="true"
              data-testid="latest-invoices-loading"
            >
              {/* Rows of the loaded rows' height (two lines each), so the panels below do not move. */}
              {Array.from({ length: limit }, (_, i) => (
                <div key={i} className="flex animate-pulse items-center justify-between gap-3 px-4 py-3">
                  <div className="flex h-[38px] flex-col justify-center gap-2">
                    <div className="h-3.5 w-20 rounded-full bg-slate-200/80" />
                    <div className="h-3 w-40 rounded-full bg-slate-200/80" />
                  </div>
                  <div className="h-5 w-14 rounded-full bg-slate-200/80" />
                </div>
              ))}
            </div>
          }
        >
          {(data) =>
            data.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm font-medium text-slate-700">No invoices yet</p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100">
                {data.map((inv) => (
                  <li key={inv.id}>
                    <Link
                      to={paths.invoice(inv.id)}
                      className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50"
                    >
                      <span className="flex min-w-0 flex-col gap-0.5">
                        <span className="text-sm font-medium text-slate-900 tabular">
                          {formatMoney(inv.payout_total)}
                        </span>
                        <span className="text-xs text-slate-600">
                          <InvoicePeriod start={inv.date_range_start} end={inv.date_range_end} />
                        </span>
                      </span>
                      <InvoiceStatusBadge status={inv.status} className="shrink-0" />
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryBlock>
      </section>
    </Card>
  );
}
