import { useState, type ReactNode } from 'react';
import { TextField } from '../../../components/ui/field.tsx';
import { fieldMessage } from '../login-problems.ts';
import { ConsoleFormModal } from './console-form-modal.tsx';

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
 * conversion, void an invoice, change a publisher's status, disable an operator): the console's
 * form dialog with one Reason field and its field error.
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
  const [reason, setReason] = useState('');
  const reasonError = fieldMessage(error, 'reason');
  return (
    <ConsoleFormModal
      title={title}
      description={description}
      submitLabel={confirmLabel}
      submitVariant={confirmVariant}
      submitDisabled={waitForReason && reason.trim() === ''}
      pending={pending}
      error={error}
      errorAtField={Boolean(reasonError)}
      onSubmit={() => onConfirm(reason)}
      onClose={onClose}
    >
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
    </ConsoleFormModal>
  );
}
