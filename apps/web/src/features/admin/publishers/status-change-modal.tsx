import {
  PUBLISHER_STATUS_CHANGES,
  PUBLISHER_STATUS_LABELS,
  type PublisherStatusAction,
} from '@portal/shared/admin/publishers.constants';
import { useState, type FormEvent } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { useSetPublisherStatus } from './publishers-api.ts';

const WHAT_HAPPENS: Record<PublisherStatusAction, string> = {
  approve: 'The account can log in at once; its users are told by e-mail.',
  reject: 'The sign-up stays closed; its users are told by e-mail.',
  suspend: 'Its sessions and API keys stop at once; its users are told by e-mail.',
  reactivate: 'The account can log in again; its users are told by e-mail.',
};

/** Approve, Reject, Suspend or Reactivate, with the reason the audit log keeps. */
export function StatusChangeModal({
  publisher,
  action,
  onClose,
}: {
  publisher: { id: number; name: string };
  action: PublisherStatusAction;
  onClose: () => void;
}) {
  const change = PUBLISHER_STATUS_CHANGES[action];
  const mutation = useSetPublisherStatus(publisher.id);
  const [reason, setReason] = useState('');
  const reasonError = fieldMessage(mutation.error, 'reason');
  const problem = mutation.error && !reasonError ? consoleWriteProblem(mutation.error) : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    mutation.mutate(
      { action, reason },
      {
        onSuccess: () => {
          alerts.success(`${publisher.name} is now ${PUBLISHER_STATUS_LABELS[change.to].toLowerCase()}.`);
          onClose();
        },
      },
    );
  };
  const formId = `publisher-${action}`;
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`${change.label} ${publisher.name}`}
      description={WHAT_HAPPENS[action]}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant={action === 'reject' || action === 'suspend' ? 'danger' : 'primary'}
            loading={mutation.isPending}
            disabled={reason.trim() === ''}
          >
            {change.label}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {problem ? <AlertBox tone="error">{problem}</AlertBox> : null}
        <TextField
          label="Reason"
          name="reason"
          required
          autoFocus
          hint="Kept in the audit log; the publisher does not see it."
          error={reasonError}
          value={reason}
          maxLength={1000}
          onChange={(e) => setReason(e.target.value)}
        />
      </form>
    </Modal>
  );
}
