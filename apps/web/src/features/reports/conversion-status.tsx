import { REPORT_CONVERSION_STATUS_LABELS, type ReportConversionStatus } from '@portal/shared/reports/reports.constants';
import { Badge } from '../../components/ui/status-badge.tsx';

/** docs/money.md: approved green, pending amber (waiting for the network), rejected and reversed red. */
const TONES: Record<ReportConversionStatus, string> = {
  approved: 'bg-green-50 text-green-800 ring-green-600/25',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/30',
  rejected: 'bg-red-50 text-red-800 ring-red-600/25',
  reversed: 'bg-red-50 text-red-800 ring-red-600/25',
};

/** A conversion's status in the Conversion Report, with the reason of a rejected or reversed one below. */
export function ConversionStatusCell({ status, reason }: { status: ReportConversionStatus; reason: string | null }) {
  return (
    <span className="inline-flex max-w-full flex-col items-start gap-0.5">
      <Badge className={TONES[status]}>{REPORT_CONVERSION_STATUS_LABELS[status]}</Badge>
      {reason ? <span className="text-xs break-words whitespace-normal text-slate-600">{reason}</span> : null}
    </span>
  );
}
