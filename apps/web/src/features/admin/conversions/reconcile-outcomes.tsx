import type { ReconcileOutcome, ReconcileRow, ReconcileSummary } from '@portal/shared/admin/conversions.schemas';
import { cn } from '../../../components/ui/cn.ts';
import type { Column } from '../../../components/ui/list/types.ts';

export const OUTCOME_LABELS: Record<ReconcileOutcome, string> = {
  would_change: 'Would change',
  changed: 'Changed',
  unchanged: 'Unchanged',
  unknown: 'Unknown',
  not_allowed: 'Not allowed',
  invalid: 'Invalid',
};
const OUTCOME_TONES: Record<ReconcileOutcome, string> = {
  would_change: 'bg-blue-50 text-blue-900',
  changed: 'bg-green-50 text-green-800',
  unchanged: 'bg-slate-100 text-slate-700',
  unknown: 'bg-amber-50 text-amber-900',
  not_allowed: 'bg-red-50 text-red-800',
  invalid: 'bg-red-50 text-red-800',
};
/** The outcomes a preview or an applied file can have, in the order their counts show. */
export const PREVIEW_OUTCOMES = ['would_change', 'unchanged', 'unknown', 'not_allowed', 'invalid'] as const;
export const APPLIED_OUTCOMES = ['changed', 'unchanged', 'unknown', 'not_allowed', 'invalid'] as const;

export function OutcomeBadge({ outcome }: { outcome: ReconcileOutcome }) {
  return (
    <span
      className={cn(
        'inline-flex w-fit rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        OUTCOME_TONES[outcome],
      )}
    >
      {OUTCOME_LABELS[outcome]}
    </span>
  );
}

/** "2 would change, 1 unchanged, …": a summary's non-zero counts in words. */
export const summaryWords = (s: ReconcileSummary, outcomes: readonly ReconcileOutcome[]) =>
  outcomes
    .filter((o) => s[o] > 0)
    .map((o) => `${s[o].toLocaleString('en-US')} ${OUTCOME_LABELS[o].toLowerCase()}`)
    .join(', ');

const STATUS_WORDS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  reversed: 'Reversed',
};

/** The preview's (and the applied file's) columns: the line, what the row names, the outcome and why. */
export const reconcileColumns: Column<ReconcileRow>[] = [
  { id: 'line', header: 'Line', width: '4.5rem', align: 'right', cell: (r) => r.line },
  {
    id: 'row',
    header: 'Row',
    primary: true,
    cell: (r) => (
      <span className="block min-w-0">
        <span className="block font-mono text-xs break-all text-slate-800">
          {r.tid ?? (r.order_id ? `order ${r.order_id}` : '—')}
        </span>
        <span className="block text-xs text-slate-600">
          {r.status ?? '—'}
          {r.reason ? `: ${r.reason}` : ''}
          {r.amount != null ? ` · amount ${r.amount}` : ''}
        </span>
      </span>
    ),
  },
  {
    id: 'was',
    header: 'Was',
    width: '7rem',
    cell: (r) => (r.previous_statuses.length ? r.previous_statuses.map((s) => STATUS_WORDS[s]).join(', ') : '—'),
  },
  { id: 'outcome', header: 'Outcome', width: '8rem', cell: (r) => <OutcomeBadge outcome={r.outcome} /> },
  {
    id: 'why',
    header: 'Why',
    width: '34%',
    cell: (r) => <span className="break-words text-slate-700">{r.message ?? '—'}</span>,
  },
];
