import type { Invoice } from '@portal/shared/invoices/invoices.schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { LazyDateRangePicker } from '../../../components/ui/date-range/lazy-date-range-picker.tsx';
import type { DayRange } from '../../../components/ui/date-range/date-range.ts';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useInvoiceList, type InvoiceListSort } from '../api/get-invoice-list.ts';
import { InvoicePeriod } from './invoice-period.tsx';
import { InvoiceStatusBadge } from './invoice-status-badge.tsx';

const COLUMNS: Column<Invoice>[] = [
  {
    id: 'invoice',
    header: 'Invoice',
    sortKey: 'id',
    primary: true,
    width: '22%',
    cell: (i) => (
      <Link to={paths.invoice(i.id)} className="font-medium text-accent tabular hover:underline">
        Invoice #{i.id}
      </Link>
    ),
  },
  {
    id: 'period',
    header: 'Period',
    sortKey: 'date_range_start',
    cell: (i) => <InvoicePeriod start={i.date_range_start} end={i.date_range_end} />,
  },
  { id: 'status', header: 'Status', width: '12rem', cell: (i) => <InvoiceStatusBadge status={i.status} /> },
  {
    id: 'total',
    header: 'Total',
    align: 'right',
    width: '11rem',
    cell: (i) => <span className="font-medium text-slate-900">{formatMoney(i.payout_total)}</span>,
  },
];

/**
 * Invoices (docs/screens.md): the publisher's invoices, newest period first, filtered by a date range
 * (an invoice shows when its period overlaps the range). No range by default: the list is a
 * history, and "today" would hide every invoice, since each covers a closed month.
 */
export function InvoicesList({ timeZone }: { timeZone: string }) {
  const [range, setRange] = useState<DayRange | null>(null);
  const [sort, setSort] = useState<SortState<InvoiceListSort>>({ sort: 'date_range_start', order: -1 });
  const list = useInvoiceList({ dateRange: range, sort: sort.sort, order: sort.order });

  return (
    <>
      <ListToolbar
        list={list}
        filters={
          <LazyDateRangePicker value={range} onChange={setRange} timeZone={timeZone} label="Date range" clearable />
        }
      />
      <DataTable
        what="your invoices"
        label="Invoices"
        columns={COLUMNS}
        rows={list.rows}
        rowKey={(i) => i.id}
        state={list}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key as InvoiceListSort))}
        emptyText="No invoices yet"
        emptyHint={
          range
            ? 'No invoice covers these dates. Clear the date range to see them all.'
            : 'Invoices are generated on the 1st of each month for the month before.'
        }
      />
    </>
  );
}
