import type { AdminConversion } from '@portal/shared/admin/conversions.schemas';
import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { formatConsoleMoney } from '../money.ts';
import { useReverseConversion } from './conversions-api.ts';

/** Reverse a conversion, with the reason the audit log keeps. */
export function ReverseConversionModal({ conversion, onClose }: { conversion: AdminConversion; onClose: () => void }) {
  const reverse = useReverseConversion();
  return (
    <ReasonModal
      title="Reverse conversion"
      description={`${formatConsoleMoney(conversion.payout)} for ${conversion.publisher_name} on ${conversion.offer_name}. The conversion stays, marked reversed; the publisher's reports, open invoice and postbacks follow.`}
      confirmLabel="Reverse"
      pending={reverse.isPending}
      error={reverse.error}
      onClose={onClose}
      onConfirm={(reason) =>
        reverse.mutate(
          { id: conversion.id, reason },
          {
            onSuccess: (r) => {
              const waiting = r.data.invoices.some((i) => i.invoice_id === null);
              alerts.success(`Conversion reversed.${waiting ? ' The adjustment waits for the next invoice.' : ''}`);
              onClose();
            },
          },
        )
      }
    />
  );
}
