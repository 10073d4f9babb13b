import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** The confirmation before a rotation (loaded when first opened, like the other postback modals). */
export function RotateSecretModal({
  open,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title="Rotate the signing secret?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            Rotate secret
          </Button>
        </>
      }
    >
      <p className="text-[15px] text-slate-700">
        A new secret replaces this one at once: the next postback is signed with the new secret, and a tracker still
        checking the old one will reject it until you give it the new secret.
      </p>
    </Modal>
  );
}
