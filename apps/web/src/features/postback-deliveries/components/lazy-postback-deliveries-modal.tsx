import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import { lazy, Suspense } from 'react';

// The modal (its list, the select, the date-time picker) loads when first opened, not with the list.
const Modal = lazy(() =>
  import('./postback-deliveries-modal.tsx').then((m) => ({ default: m.PostbackDeliveriesModal })),
);

/**
 * A postback's deliveries: attempts, replays, a test send; or (`'all'`) every postback's attempts,
 * deleted postbacks' included. Nothing while no postback is chosen.
 */
export function LazyPostbackDeliveriesModal({
  postback,
  timeZone,
  onClose,
}: {
  postback: Postback | 'all' | null;
  timeZone: string;
  onClose: () => void;
}) {
  if (!postback) return null;
  return (
    <Suspense fallback={null}>
      <Modal postback={postback} timeZone={timeZone} onClose={onClose} />
    </Suspense>
  );
}
