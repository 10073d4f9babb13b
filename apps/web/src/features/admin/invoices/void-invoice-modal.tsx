import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { useMoveInvoice } from './invoices-api.ts';

/** Void an invoice before it is paid, with a reason: the row stays, the publisher no longer sees it. */
export function VoidInvoiceModal({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const move = useMoveInvoice();
  return (
    <ReasonModal
      title={`Void invoice #${invoiceId}`}
      description="The invoice stays in the console and its history; the publisher no longer sees it, and the month can be invoiced again."
      confirmLabel="Void"
      pending={move.isPending}
      error={move.error}
      onClose={onClose}
      onConfirm={(reason) =>
        move.mutate(
          { id: invoiceId, status: 'void', reason },
          {
            onSuccess: () => {
              alerts.success(`Invoice #${invoiceId} is void.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
