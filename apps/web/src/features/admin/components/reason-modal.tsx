import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';

/** The longest reason the operator API takes (docs/operator-console.md). */
const REASON_MAX = 1000;

export interface ReasonModalProps {
  title: string;
  /** What confirming does, under the title. */
  description: ReactNode;
  /** The confirm button: 'Reverse', 'Void', 'Disable', 'Approve'… */
  confirmLabel: string;
  /** `danger` (the default) for what stops or takes back something. */
  confirmVariant?: 'danger' | 'primary';
  /** Under the field: where the reason goes. */
  hint?: string;
  /** The reason may be left empty. */
  optional?: boolean;
  /**
   * Confirm stays off until a reason is typed. Otherwise confirming without one asks the server,
   * whose field error ("Please enter a reason.") shows at the field.
   */
  waitForReason?: boolean;
  /** The write's state: pending on the confirm button, its error at the field or above it. */
  pending: boolean;
  error: unknown;
  /** The reason as typed; the dialog stays open until the caller closes it. */
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * The console's dialog that asks for a reason before a write the audit log keeps (reverse a
 * conversion, void an invoice, change a publisher's status, disable an operator): the shared
 * modal, so focus is trapped and goes back to the opener, with one Reason field and its field
 * error, the write's other problems above it, Cancel and the confirm button.
 */
export function ReasonModal({
  title,
  description,
  confirmLabel,
  confirmVariant = 'danger',
  hint = 'Kept in the audit log.',
  optional = false,
  waitForReason = false,
  pending,
  error,
  onConfirm,
  onClose,
}: ReasonModalProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const reasonError = fieldMessage(error, 'reason');
  const problem = error && !reasonError ? consoleWriteProblem(error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pending) onConfirm(reason);
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={confirmVariant}
            loading={pending}
            disabled={waitForReason && reason.trim() === ''}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        <TextField
          label="Reason"
          name="reason"
          required={!optional}
          autoFocus
          hint={hint}
          error={reasonError}
          value={reason}
          maxLength={REASON_MAX}
          autoComplete="off"
          onChange={(e) => setReason(e.target.value)}
        />
      </form>
    </Modal>
  );
}
