import {
  PUBLISHER_STATUS_CHANGES,
  PUBLISHER_STATUS_LABELS,
  type PublisherStatusAction,
} from '@portal/shared/admin/publishers.constants';
import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
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
  return (
    <ReasonModal
      title={`${change.label} ${publisher.name}`}
      description={WHAT_HAPPENS[action]}
      confirmLabel={change.label}
      confirmVariant={action === 'reject' || action === 'suspend' ? 'danger' : 'primary'}
      hint="Kept in the audit log; the publisher does not see it."
      waitForReason
      pending={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onConfirm={(reason) =>
        mutation.mutate(
          { action, reason },
          {
            onSuccess: () => {
              alerts.success(`${publisher.name} is now ${PUBLISHER_STATUS_LABELS[change.to].toLowerCase()}.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
