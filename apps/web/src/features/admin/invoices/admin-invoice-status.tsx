import { ADMIN_INVOICE_STATUS_LABELS, type AdminInvoiceStatus } from '@portal/shared/admin/invoices.constants';
import { cn } from '../../../components/ui/cn.ts';

const TONES: Record<AdminInvoiceStatus, string> = {
  generated: 'bg-amber-50 text-amber-900',
  request_payment: 'bg-amber-50 text-amber-900',
  processing: 'bg-amber-50 text-amber-900',
  paid: 'bg-green-50 text-green-800',
  carried_over: 'bg-slate-100 text-slate-700',
  void: 'bg-slate-100 text-slate-700',
};

/** An invoice's status as the portal colours it (paid green, the others yellow), carried over and void grey. */
export function AdminInvoiceStatusBadge({ status }: { status: AdminInvoiceStatus }) {
  return (
    <span className={cn('inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-medium', TONES[status])}>
      {ADMIN_INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
