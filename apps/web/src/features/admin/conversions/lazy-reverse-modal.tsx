import type { AdminConversion, ConversionDecision } from '@portal/shared/admin/conversions.schemas';
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

const Status = lazy(() => import('./conversion-status-modal.tsx').then((m) => ({ default: m.ConversionStatusModal })));

export function LazyStatusModal({
  change,
  onClose,
}: {
  change: { conversion: AdminConversion; status: ConversionDecision } | null;
  onClose: () => void;
}) {
  if (!change) return null;
  return (
    <Suspense fallback={null}>
      <Status conversion={change.conversion} status={change.status} onClose={onClose} />
    </Suspense>
  );
}

const Bulk = lazy(() => import('./bulk-status-modal.tsx').then((m) => ({ default: m.BulkStatusModal })));

export function LazyBulkStatusModal({
  change,
  onChanged,
  onClose,
}: {
  change: { ids: readonly string[]; status: ConversionDecision } | null;
  onChanged: () => void;
  onClose: () => void;
}) {
  if (!change) return null;
  return (
    <Suspense fallback={null}>
      <Bulk ids={change.ids} status={change.status} onChanged={onChanged} onClose={onClose} />
    </Suspense>
  );
}
