import type { OperatorRow } from '@portal/shared/admin/operators.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { useUpdateOperator } from './operators-api.ts';

/** Disable an operator, with a reason for the audit log: their sessions end at once. */
export function DisableOperatorModal({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const update = useUpdateOperator();
  const [reason, setReason] = useState('');
  const confirm = () =>
    update.mutate(
      { id: operator.id, status: 'disabled', reason: reason.trim() || null },
      {
        onSuccess: () => {
          alerts.success(`${operator.email} is disabled.`);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Disable operator"
      description={`${operator.name || operator.email} can no longer sign in; their open sessions end now.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={update.isPending}>
            Disable
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {update.error ? <AlertBox tone="error">{consoleWriteProblem(update.error)}</AlertBox> : null}
        <TextField
          label="Reason"
          name="reason"
          hint="Kept in the audit log."
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Modal>
  );
}
