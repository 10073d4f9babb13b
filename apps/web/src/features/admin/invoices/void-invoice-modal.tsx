import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useMoveInvoice } from './invoices-api.ts';

/** Void an invoice before it is paid, with a reason: the row stays, the publisher no longer sees it. */
export function VoidInvoiceModal({ invoiceId, onClose }: { invoiceId: number; onClose: () => void }) {
  const move = useMoveInvoice();
  const [reason, setReason] = useState('');
  const reasonError = fieldMessage(move.error, 'reason');
  const confirm = () =>
    move.mutate(
      { id: invoiceId, status: 'void', reason },
      {
        onSuccess: () => {
          alerts.success(`Invoice #${invoiceId} is void.`);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Void invoice #${invoiceId}`}
      description="The invoice stays in the console and its history; the publisher no longer sees it, and the month can be invoiced again."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={move.isPending}>
            Void
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {move.error && !reasonError ? <AlertBox tone="error">{consoleWriteProblem(move.error)}</AlertBox> : null}
        <TextField
          label="Reason"
          name="reason"
          required
          hint="Kept in the audit log."
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Modal>
  );
}
