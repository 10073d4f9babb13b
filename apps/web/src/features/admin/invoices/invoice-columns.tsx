import type { AdminInvoice } from '@portal/shared/admin/invoices.schemas';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/list/types.ts';
import { consolePaths } from '../console-paths.ts';
import { formatConsoleMoney } from '../money.ts';
import { AdminInvoiceStatusBadge } from './admin-invoice-status.tsx';

/** The Invoices list's columns: the invoice (a link to its page), publisher, period, total, status. */
export const INVOICE_COLUMNS: Column<AdminInvoice>[] = [
  {
    id: 'id',
    header: 'Invoice',
    primary: true,
    width: '8rem',
    cell: (i) => (
      <Link
        to={consolePaths.invoice(i.id)}
        className="font-medium text-accent tabular hover:underline"
        aria-label={`Invoice #${i.id}`}
      >
        #{i.id}
      </Link>
    ),
  },
  {
    id: 'publisher',
    header: 'Publisher',
    cell: (i) => (
      <span className="break-words">
        {i.publisher_name} <span className="text-slate-600">#{i.publisher_id}</span>
      </span>
    ),
  },
  {
    id: 'period',
    header: 'Period',
    width: '13rem',
    cell: (i) => `${i.date_range_start} – ${i.date_range_end}`,
  },
  {
    id: 'total',
    header: 'Total',
    align: 'right',
    width: '8rem',
    cell: (i) => formatConsoleMoney(i.payout_total),
  },
  { id: 'status', header: 'Status', width: '10rem', cell: (i) => <AdminInvoiceStatusBadge status={i.status} /> },
];
