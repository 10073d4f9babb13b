import type { ApiKey } from '@portal/shared/api-keys/api-keys.schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** The confirmation before a revocation: a tool still using the key stops working at once. */
export function RevokeApiKeyModal({
  apiKey,
  pending,
  onClose,
  onConfirm,
}: {
  apiKey: ApiKey | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={apiKey !== null}
      onOpenChange={(next) => {
        if (!next && !pending) onClose();
      }}
      title="Revoke this API key?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            Revoke key
          </Button>
        </>
      }
    >
      {apiKey ? (
        <p className="text-[15px] text-slate-700">
          <span className="font-medium text-slate-900">{apiKey.name}</span> (
          <code className="text-[13px]">{apiKey.prefix}…</code>) stops working at once: every tool still using it gets
          401 from its next request. This cannot be undone.
        </p>
      ) : null}
    </Modal>
  );
}
