import type { AdminConversion } from '@portal/shared/admin/conversions.schemas';
import { lazy, Suspense } from 'react';

// The dialog loads when first opened, not with the list.
const Reverse = lazy(() =>
  import('./reverse-conversion-modal.tsx').then((m) => ({ default: m.ReverseConversionModal })),
);

export function LazyReverseModal({ conversion, onClose }: { conversion: AdminConversion | null; onClose: () => void }) {
  if (!conversion) return null;
  return (
    <Suspense fallback={null}>
      <Reverse conversion={conversion} onClose={onClose} />
    </Suspense>
  );
}
