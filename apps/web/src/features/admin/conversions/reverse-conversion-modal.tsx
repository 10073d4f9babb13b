import type { AdminConversion } from '@portal/shared/admin/conversions.schemas';
import { useState } from 'react';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { consoleWriteProblem, fieldMessage } from '../login-problems.ts';
import { formatConsoleMoney } from '../money.ts';
import { useReverseConversion } from './conversions-api.ts';

/** Reverse a conversion, with the reason the audit log keeps. */
export function ReverseConversionModal({ conversion, onClose }: { conversion: AdminConversion; onClose: () => void }) {
  const reverse = useReverseConversion();
  const [reason, setReason] = useState('');
  const reasonError = fieldMessage(reverse.error, 'reason');
  const confirm = () =>
    reverse.mutate(
      { id: conversion.id, reason },
      {
        onSuccess: (r) => {
          const paid = r.data.invoices.filter((i) => i.total === null).length;
          alerts.success(
            `Conversion reversed.${paid > 0 ? ' Its invoice is already paid and was left as it is.' : ''}`,
          );
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Reverse conversion"
      description={`${formatConsoleMoney(conversion.payout)} for ${conversion.publisher_name} on ${conversion.offer_name}. The conversion stays, marked reversed; the publisher's reports, open invoice and postbacks follow.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={reverse.isPending}>
            Reverse
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {reverse.error && !reasonError ? <AlertBox tone="error">{consoleWriteProblem(reverse.error)}</AlertBox> : null}
        <TextField
          label="Reason"
          name="reason"
          required
          hint="Kept in the audit log."
          value={reason}
          error={reasonError}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Modal>
  );
}
