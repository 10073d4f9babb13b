import { INVOICE_MOVE_LABELS, INVOICE_MOVES, type AdminInvoice } from '@portal/shared/admin/invoices.schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { useMoveInvoice } from './invoices-api.ts';
import { LazyInvoiceDialog, type InvoiceDialog } from './lazy-invoice-modals.tsx';

/** A button per move the invoice's status allows: the next step (Mark paid asks for the payment), and Void (with a reason). */
export function InvoiceMoves({ invoice }: { invoice: AdminInvoice }) {
  const move = useMoveInvoice();
  const [dialog, setDialog] = useState<InvoiceDialog>(null);
  const moves = INVOICE_MOVES[invoice.status];
  if (moves.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {moves.map((to) =>
        to === 'void' ? (
          <Button key={to} variant="secondary" onClick={() => setDialog({ kind: 'void', invoiceId: invoice.id })}>
            {INVOICE_MOVE_LABELS.void}
          </Button>
        ) : to === 'paid' ? (
          <Button
            key={to}
            onClick={() => setDialog({ kind: 'paid', invoiceId: invoice.id, publisherId: invoice.publisher_id })}
          >
            {INVOICE_MOVE_LABELS.paid}
          </Button>
        ) : (
          <Button
            key={to}
            loading={move.isPending}
            onClick={() =>
              move.mutate(
                { id: invoice.id, status: to },
                {
                  onSuccess: () => alerts.success(`Invoice #${invoice.id} moved on.`),
                  onError: (err) => alerts.error(consoleWriteProblem(err)),
                },
              )
            }
          >
            {INVOICE_MOVE_LABELS[to]}
          </Button>
        ),
      )}
      <LazyInvoiceDialog dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
