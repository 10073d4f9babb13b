import type { AdminConversion, ConversionDecision } from '@portal/shared/admin/conversions.schemas';
import { alerts } from '../../../lib/alerts.ts';
import { ReasonModal } from '../components/reason-modal.tsx';
import { formatConsoleMoney } from '../money.ts';
import { useSetConversionStatus } from './conversions-api.ts';

/**
 * Approve or reject one conversion (docs/money.md): a rejection needs a reason, which the publisher
 * sees; an approval may give one. The outcome is a toast; a refused change says why.
 */
export function ConversionStatusModal({
  conversion,
  status,
  onClose,
}: {
  conversion: AdminConversion;
  status: ConversionDecision;
  onClose: () => void;
}) {
  const change = useSetConversionStatus();
  const reject = status === 'rejected';
  return (
    <ReasonModal
      title={reject ? 'Reject conversion' : 'Approve conversion'}
      description={`${formatConsoleMoney(conversion.payout)} for ${conversion.publisher_name} on ${conversion.offer_name}.${
        reject ? ' The publisher sees it rejected, with the reason.' : ' The publisher is paid for it.'
      }`}
      confirmLabel={reject ? 'Reject' : 'Approve'}
      optional={!reject}
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
      onConfirm={(reason) =>
        change.mutate(
          { ids: [conversion.id], status, reason: reason.trim() || null },
          {
            onSuccess: (r) => {
              const result = r.data.results[0];
              if (result?.outcome === 'changed')
                alerts.success(reject ? 'Conversion rejected.' : 'Conversion approved.');
              else alerts.error(result?.message ?? 'The conversion was not changed.');
              onClose();
            },
          },
        )
      }
    />
  );
}
