import type { ConversionReconcileResponse, ReconcileOutcome } from '@portal/shared/admin/conversions.schemas';
import { useMemo, useState } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import type { TableState } from '../../../components/ui/list/types.ts';
import { APPLIED_OUTCOMES, OUTCOME_LABELS, PREVIEW_OUTCOMES, reconcileColumns } from './reconcile-outcomes.tsx';

type Answer = ConversionReconcileResponse['data'];

/** Every row is in memory: a table with nothing to load (virtualised, so 50,000 rows stay smooth). */
const LOADED: TableState = {
  loading: false,
  loadingMore: false,
  hasMore: false,
  loadMore: () => undefined,
  display: { skeleton: false, slowMessage: false, placeholder: false },
  failed: false,
  moreFailed: false,
  error: null,
  retry: () => undefined,
  refreshing: false,
};

/**
 * A checked or applied file's rows: the count of each outcome, each a filter of the table below
 * (All first), and the table of every row (line, what it names, the statuses before, its outcome
 * and why).
 */
export function ReconcileRows({ answer }: { answer: Answer }) {
  const [only, setOnly] = useState<ReconcileOutcome | null>(null);
  const outcomes = answer.applied ? APPLIED_OUTCOMES : PREVIEW_OUTCOMES;
  const rows = useMemo(() => (only ? answer.rows.filter((r) => r.outcome === only) : answer.rows), [answer.rows, only]);
  const chip = (value: ReconcileOutcome | null, label: string, n: number) => (
    <button
      key={value ?? 'all'}
      type="button"
      aria-pressed={only === value}
      disabled={value !== null && n === 0}
      onClick={() => setOnly(value)}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-55',
        only === value
          ? 'border-accent bg-accent text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      {label} <span className="tabular-nums">{n.toLocaleString('en-US')}</span>
    </button>
  );
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Show rows by outcome">
        {chip(null, 'All rows', answer.summary.rows)}
        {outcomes.map((o) => chip(o, OUTCOME_LABELS[o], answer.summary[o]))}
      </div>
      <DataTable
        what="the file's rows"
        label={answer.applied ? 'Applied rows' : 'Preview'}
        columns={reconcileColumns}
        rows={rows}
        rowKey={(r) => r.line}
        state={LOADED}
        dense
        emptyText="No row has this outcome"
      />
    </div>
  );
}
