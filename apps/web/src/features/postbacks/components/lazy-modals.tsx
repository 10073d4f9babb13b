import { lazy, Suspense } from 'react';
import type { Postback } from '@portal/shared/postbacks/postbacks.schemas';
import type { PostbackModalTarget } from './postback-modal.tsx';

// The modals (forms, the select, the date-time picker) load when first opened, not with the list.
const PostbackModalImpl = lazy(() => import('./postback-modal.tsx').then((m) => ({ default: m.PostbackModal })));
const DeliveriesModalImpl = lazy(() => import('./deliveries-modal.tsx').then((m) => ({ default: m.DeliveriesModal })));

export function LazyPostbackModal({ target, onClose }: { target: PostbackModalTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <PostbackModalImpl target={target} onClose={onClose} />
    </Suspense>
  );
}

export function LazyDeliveriesModal({
  postback,
  timeZone,
  onClose,
}: {
  postback: Postback | null;
  timeZone: string;
  onClose: () => void;
}) {
  if (!postback) return null;
  return (
    <Suspense fallback={null}>
      <DeliveriesModalImpl postback={postback} timeZone={timeZone} onClose={onClose} />
    </Suspense>
  );
}
