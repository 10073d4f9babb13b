import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem } from '../login-problems.ts';
import { useUnlinkUser } from './publishers-api.ts';

/** Takes a user off the account: their sessions for it end at once; their other accounts stay. */
export function UnlinkUserModal({
  publisher,
  user,
  onClose,
}: {
  publisher: { id: number; name: string };
  user: { id: number; email: string };
  onClose: () => void;
}) {
  const unlink = useUnlinkUser(publisher.id);
  const confirm = () =>
    unlink.mutate(
      { user_id: user.id },
      {
        onSuccess: () => {
          alerts.success(`${user.email} no longer has ${publisher.name}.`);
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Unlink user"
      description={`${user.email} loses access to ${publisher.name} now; their other accounts stay as they are.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={unlink.isPending}>
            Unlink
          </Button>
        </>
      }
    >
      {unlink.error ? (
        <AlertBox tone="error">{consoleWriteProblem(unlink.error)}</AlertBox>
      ) : (
        <p className="text-sm text-slate-700">The change is kept in the audit log.</p>
      )}
    </Modal>
  );
}
