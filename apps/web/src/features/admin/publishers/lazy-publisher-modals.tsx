import type { PublisherStatusAction } from '@portal/shared/admin/publishers.constants';
import { lazy, Suspense } from 'react';

// The dialogs load when first opened, not with the page (as the publisher pages' do).
const Status = lazy(() => import('./status-change-modal.tsx').then((m) => ({ default: m.StatusChangeModal })));
const Link = lazy(() => import('./link-user-modal.tsx').then((m) => ({ default: m.LinkUserModal })));
const Unlink = lazy(() => import('./unlink-user-modal.tsx').then((m) => ({ default: m.UnlinkUserModal })));

export type PublisherDialog =
  | { kind: 'status'; action: PublisherStatusAction }
  | { kind: 'link' }
  | { kind: 'unlink'; user: { id: number; email: string } }
  | null;

export function LazyPublisherDialog({
  dialog,
  publisher,
  onClose,
}: {
  dialog: PublisherDialog;
  publisher: { id: number; name: string };
  onClose: () => void;
}) {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'status' ? (
        <Status publisher={publisher} action={dialog.action} onClose={onClose} />
      ) : dialog.kind === 'link' ? (
        <Link publisher={publisher} onClose={onClose} />
      ) : (
        <Unlink publisher={publisher} user={dialog.user} onClose={onClose} />
      )}
    </Suspense>
  );
}
