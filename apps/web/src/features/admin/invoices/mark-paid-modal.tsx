import { useState } from 'react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '@portal/shared/profile/payment-details.constants';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { usePublisher } from '../publishers/publishers-api.ts';
import { useMoveInvoice } from './invoices-api.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Mark an invoice paid (docs/operator-console.md "Invoices"): the day (default today), the method
 * (default the publisher's payment details' method) and the payment's reference, which the
 * publisher then sees on the invoice.
 */
export function MarkPaidModal({
  invoiceId,
  publisherId,
  onClose,
}: {
  invoiceId: number;
  publisherId: number;
  onClose: () => void;
}) {
  const move = useMoveInvoice();
  const publisher = usePublisher(publisherId);
  const details = publisher.data?.payment_details ?? null;
  const [paidAt, setPaidAt] = useState(today());
  const [method, setMethod] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const chosen = method ?? details?.method ?? '';
  const errs = {
    paid_at: fieldMessage(move.error, 'paid_at'),
    payment_method: fieldMessage(move.error, 'payment_method'),
    payment_reference: fieldMessage(move.error, 'payment_reference'),
    status: fieldMessage(move.error, 'status'),
  };
  const other = move.error && !errs.paid_at && !errs.payment_method && !errs.payment_reference;
  const confirm = () =>
    move.mutate(
      { id: invoiceId, status: 'paid', paid_at: paidAt, payment_method: chosen, payment_reference: reference },
      {
        onSuccess: () => {
          alerts.success(`Invoice #${invoiceId} is marked paid.`);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Mark invoice #${invoiceId} paid`}
      description="The publisher sees the day, the method and the reference on the invoice and its PDF."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={move.isPending}>
            Mark paid
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {other ? <AlertBox tone="error">{errs.status ?? consoleWriteProblem(move.error)}</AlertBox> : null}
        {details?.payment_paused_until ? (
          <AlertBox tone="warning">
            The publisher changed its payment details recently: payment is paused until{' '}
            {new Date(details.payment_paused_until).toLocaleString('en-US', {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
            .
          </AlertBox>
        ) : null}
        <TextField
          label="Paid on"
          name="paid_at"
          type="date"
          required
          max={today()}
          value={paidAt}
          error={errs.paid_at}
          onChange={(e) => setPaidAt(e.target.value)}
        />
        <SelectField
          label="Method"
          name="payment_method"
          required
          placeholder="Choose a method"
          options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))}
          value={chosen}
          error={errs.payment_method}
          hint={details ? undefined : 'The publisher has no payment details yet.'}
          onChange={(e) => setMethod(e.target.value)}
        />
        <TextField
          label="Reference"
          name="payment_reference"
          required
          autoComplete="off"
          hint="The transaction ID of the payment."
          value={reference}
          error={errs.payment_reference}
          onChange={(e) => setReference(e.target.value)}
        />
      </div>
    </Modal>
  );
}
