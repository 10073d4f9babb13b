import type { OperatorRow } from '@portal/shared/admin/operators.schemas';
import { lazy, Suspense } from 'react';

// The dialogs load when first opened, not with the list (as the publisher pages' do).
const Invite = lazy(() => import('./invite-operator-modal.tsx').then((m) => ({ default: m.InviteOperatorModal })));
const ResetLink = lazy(() => import('./reset-link-modal.tsx').then((m) => ({ default: m.ResetLinkModal })));
const Disable = lazy(() => import('./disable-operator-modal.tsx').then((m) => ({ default: m.DisableOperatorModal })));

export type OperatorDialog =
  | { kind: 'invite' }
  | { kind: 'disable'; operator: OperatorRow }
  | { kind: 'reset-link'; operator: OperatorRow }
  | null;

export function LazyOperatorDialog({ dialog, onClose }: { dialog: OperatorDialog; onClose: () => void }) {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'invite' ? (
        <Invite onClose={onClose} />
      ) : dialog.kind === 'reset-link' ? (
        <ResetLink operator={dialog.operator} onClose={onClose} />
      ) : (
        <Disable operator={dialog.operator} onClose={onClose} />
      )}
    </Suspense>
  );
}
