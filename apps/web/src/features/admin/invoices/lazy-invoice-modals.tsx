import { lazy, Suspense } from 'react';

// The dialogs load when first opened, not with the page.
const Generate = lazy(() =>
  import('./generate-invoices-modal.tsx').then((m) => ({ default: m.GenerateInvoicesModal })),
);
const Void = lazy(() => import('./void-invoice-modal.tsx').then((m) => ({ default: m.VoidInvoiceModal })));
const MarkPaid = lazy(() => import('./mark-paid-modal.tsx').then((m) => ({ default: m.MarkPaidModal })));

export type InvoiceDialog =
  | { kind: 'generate' }
  | { kind: 'void'; invoiceId: number }
  | { kind: 'paid'; invoiceId: number; publisherId: number }
  | null;

export function LazyInvoiceDialog({ dialog, onClose }: { dialog: InvoiceDialog; onClose: () => void }) {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'generate' ? (
        <Generate onClose={onClose} />
      ) : dialog.kind === 'paid' ? (
        <MarkPaid invoiceId={dialog.invoiceId} publisherId={dialog.publisherId} onClose={onClose} />
      ) : (
        <Void invoiceId={dialog.invoiceId} onClose={onClose} />
      )}
    </Suspense>
  );
}
