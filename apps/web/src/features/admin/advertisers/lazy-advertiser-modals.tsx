import type { AdvertiserRow } from '@portal/shared/admin/advertisers.schemas';
import { lazy, Suspense } from 'react';
import type { Credential } from './advertisers-api.ts';

// The dialogs load when first opened, not with the page (as the publisher pages' do).
const Form = lazy(() => import('./advertiser-form-modal.tsx').then((m) => ({ default: m.AdvertiserFormModal })));
const Rotate = lazy(() => import('./rotate-credential-modal.tsx').then((m) => ({ default: m.RotateCredentialModal })));

export type AdvertiserDialog =
  | { kind: 'create' }
  | { kind: 'edit'; advertiser: AdvertiserRow }
  | { kind: 'rotate'; advertiser: AdvertiserRow; which: Credential }
  | null;

export function LazyAdvertiserDialog({
  dialog,
  onClose,
  onCreated,
}: {
  dialog: AdvertiserDialog;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  if (!dialog) return null;
  return (
    <Suspense fallback={null}>
      {dialog.kind === 'create' ? (
        <Form advertiser={null} onClose={onClose} {...(onCreated ? { onCreated } : {})} />
      ) : dialog.kind === 'edit' ? (
        <Form advertiser={dialog.advertiser} onClose={onClose} />
      ) : (
        <Rotate advertiser={dialog.advertiser} which={dialog.which} onClose={onClose} />
      )}
    </Suspense>
  );
}
