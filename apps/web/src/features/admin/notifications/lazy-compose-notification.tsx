import { lazy, Suspense } from 'react';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';

// The form and its searchable select load with the page's first use of it, apart from the list.
const Compose = lazy(() => import('./compose-notification.tsx').then((m) => ({ default: m.ComposeNotification })));

export function LazyComposeNotification() {
  return (
    <Suspense fallback={<LoadingBlock label="Loading the form…" />}>
      <Compose />
    </Suspense>
  );
}
