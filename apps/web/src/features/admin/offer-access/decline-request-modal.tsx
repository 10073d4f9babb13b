import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { useOfferAccessChange } from './offer-access-api.ts';

export interface DeclineRequestModalProps {
  requestId: number;
  /** The publisher (on an offer's page) or the offer (on a publisher's page) the request names. */
  who: string;
  onClose: () => void;
}

/** Decline a publisher's request for an offer, with the reason the publisher reads on the offer's page. */
export function DeclineRequestModal({ requestId, who, onClose }: DeclineRequestModalProps) {
  const change = useOfferAccessChange();
  return (
    <ReasonModal
      title="Decline access request"
      description={`${who}: the offer is not granted. The publisher sees the reason on the offer’s page and may ask again.`}
      confirmLabel="Decline"
      hint="Shown to the publisher, and kept in the audit log."
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
      onConfirm={(reason) =>
        change.mutate(
          { kind: 'decline', requestId, reason },
          {
            onSuccess: () => {
              alerts.success(`${who}: request declined.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
