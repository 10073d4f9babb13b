import { lazy, Suspense } from 'react';
import type { PostbackModalTarget } from './postback-modal.tsx';

// The modal (its form and selects) loads when first opened, not with the list.
const PostbackModalImpl = lazy(() => import('./postback-modal.tsx').then((m) => ({ default: m.PostbackModal })));

export function LazyPostbackModal({ target, onClose }: { target: PostbackModalTarget | null; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <PostbackModalImpl target={target} onClose={onClose} />
    </Suspense>
  );
}
