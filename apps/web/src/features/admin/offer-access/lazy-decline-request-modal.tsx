import { lazy, Suspense } from 'react';
import type { DeclineRequestModalProps } from './decline-request-modal.tsx';

// The dialog loads when first opened, not with the page.
const Decline = lazy(() => import('./decline-request-modal.tsx').then((m) => ({ default: m.DeclineRequestModal })));

/** The decline dialog for a request, or nothing. */
export function LazyDeclineRequestModal({
  dialog,
  onClose,
}: {
  dialog: Omit<DeclineRequestModalProps, 'onClose'> | null;
  onClose: () => void;
}) {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      <Decline requestId={dialog.requestId} who={dialog.who} onClose={onClose} />
    </Suspense>
  );
}
