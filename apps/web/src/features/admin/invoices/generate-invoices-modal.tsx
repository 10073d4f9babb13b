import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useGenerateInvoices } from './invoices-api.ts';

/** The last closed calendar month (UTC), `YYYY-MM`. */
function lastClosedMonth(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

/** Invoice a closed month for every publisher with payouts (an invoice that exists stays as it is). */
export function GenerateInvoicesModal({ onClose }: { onClose: () => void }) {
  const generate = useGenerateInvoices();
  const [month, setMonth] = useState(lastClosedMonth());
  const monthError = fieldMessage(generate.error, 'month');
  const confirm = () =>
    generate.mutate(
      { month },
      {
        onSuccess: (r) => {
          const n = r.data.created.length;
          alerts.success(
            n === 0
              ? `No new invoice for ${r.data.month}: every one was already made.`
              : `${n} invoice${n === 1 ? '' : 's'} made for ${r.data.month}.`,
          );
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Generate invoices"
      description="One invoice per publisher with payouts in the month; an invoice already made stays as it is."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={generate.isPending}>
            Generate
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {generate.error && !monthError ? <AlertBox tone="error">{consoleWriteProblem(generate.error)}</AlertBox> : null}
        <TextField
          label="Month"
          name="month"
          type="month"
          required
          hint="A month that is over (UTC)."
          value={month}
          error={monthError}
          onChange={(e) => setMonth(e.target.value)}
        />
      </div>
    </Modal>
  );
}
