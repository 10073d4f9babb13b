import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** The question before a pixel or postback is deleted (docs/screens.md): what goes, and what stays. */
export function DeletePostbackModal({
  postback,
  pending,
  onClose,
  onConfirm,
}: {
  postback: Postback | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const pixel = postback?.postback_type === 'pixel';
  return (
    <Modal
      open={postback !== null}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title={pixel ? 'Delete this pixel?' : 'Delete this postback?'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            Delete
          </Button>
        </>
      }
    >
      {postback ? (
        <p className="text-[15px] text-slate-700">
          <span className="font-medium break-words text-slate-900">{postback.postback_name}</span>{' '}
          {pixel
            ? 'stops firing on the thank-you page at once.'
            : 'is not called for any conversion from now on, and deliveries still waiting to be sent are stopped.'}{' '}
          Deliveries already made stay in the delivery log. This cannot be undone.
        </p>
      ) : null}
    </Modal>
  );
}
