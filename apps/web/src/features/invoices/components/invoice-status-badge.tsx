import type { InvoiceStatus } from '@portal/shared/constants';
import { INVOICE_STATUS_LABELS } from '@portal/shared/invoices/invoices.constants';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../components/ui/cn.ts';

/** docs/screens.md "Invoices and offers": paid is green, every other status yellow. */
export const invoiceStatusTone = (status: InvoiceStatus) =>
  status === 'paid' ? 'bg-green-50 text-green-800 ring-green-600/25' : 'bg-amber-50 text-amber-900 ring-amber-500/35';

export function InvoiceStatusBadge({ status, className }: { status: InvoiceStatus; className?: string }) {
  return (
    <Badge className={cn(invoiceStatusTone(status), className)}>
      <span data-status={status}>{INVOICE_STATUS_LABELS[status]}</span>
    </Badge>
  );
}
