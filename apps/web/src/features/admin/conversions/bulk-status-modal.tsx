import type { ConversionDecision } from '@portal/shared/admin/conversions.schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { bulkOutcome } from './conversion-selection.ts';
import { useSetConversionStatus } from './conversions-api.ts';

const plural = (n: number) => `${n.toLocaleString('en-US')} conversion${n === 1 ? '' : 's'}`;

/**
 * Approve or reject the selected conversions (docs/money.md), up to 1,000: a rejection needs a
 * reason, as one conversion's does. When every one changed, a toast says so; otherwise the dialog
 * stays open with how many changed and why the others did not. Either way the list reloads and
 * the selection is cleared (`onChanged`).
 */
export function BulkStatusModal({
  ids,
  status,
  onChanged,
  onClose,
}: {
  ids: readonly string[];
  status: ConversionDecision;
  onChanged: () => void;
  onClose: () => void;
}) {
  const change = useSetConversionStatus();
  const [result, setResult] = useState<ReturnType<typeof bulkOutcome> | null>(null);
  const reject = status === 'rejected';
  const title = `${reject ? 'Reject' : 'Approve'} ${plural(ids.length)}`;

  if (result)
    return (
      <Modal
        open
        onOpenChange={(o) => !o && onClose()}
        title={title}
        description={result.headline}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <ul className="flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-800" aria-label="Not changed">
          {result.lines.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      </Modal>
    );

  return (
    <ReasonModal
      title={title}
      description={
        reject
          ? 'The publishers see them rejected, with the reason.'
          : 'The publishers are paid for them. Kept in the audit log.'
      }
      confirmLabel={reject ? 'Reject' : 'Approve'}
      confirmVariant={reject ? 'danger' : 'primary'}
      optional={!reject}
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
      onConfirm={(reason) =>
        change.mutate(
          { ids: [...ids], status, reason: reason.trim() || null },
          {
            onSuccess: (r) => {
              const out = bulkOutcome(status, r.data);
              onChanged();
              if (out.lines.length === 0) {
                alerts.success(out.headline);
                onClose();
              } else setResult(out);
            },
          },
        )
      }
    />
  );
}
