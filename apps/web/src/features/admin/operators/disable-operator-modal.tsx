import type { OperatorRow } from '@portal/shared/admin/operators.schemas';
import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { useUpdateOperator } from './operators-api.ts';

/** Disable an operator, with a reason for the audit log (optional): their sessions end at once. */
export function DisableOperatorModal({ operator, onClose }: { operator: OperatorRow; onClose: () => void }) {
  const update = useUpdateOperator();
  return (
    <ReasonModal
      title="Disable operator"
      description={`${operator.name || operator.email} can no longer sign in; their open sessions end now.`}
      confirmLabel="Disable"
      optional
      pending={update.isPending}
      error={update.error}
      onClose={onClose}
      onConfirm={(reason) =>
        update.mutate(
          { id: operator.id, status: 'disabled', reason: reason.trim() || null },
          {
            onSuccess: () => {
              alerts.success(`${operator.email} is disabled.`);
              onClose();
            },
          },
        )
      }
    />
  );
}
