import type { Reconciliation } from '@portal/shared/admin/reconciliations.schemas';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import type { Column } from '../../../components/ui/list/types.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useReconciliations } from './reconcile-api.ts';

const n = (v: number) => v.toLocaleString('en-US');

const columns: Column<Reconciliation>[] = [
  {
    id: 'applied',
    header: 'Applied',
    primary: true,
    width: '13rem',
    cell: (r) => (
      <span>
        <span className="block font-medium whitespace-nowrap text-slate-900 tabular-nums">
          {formatDateTime(r.created_at, browserTimeZone())}
        </span>
        <span className="block text-xs text-slate-600">Reconciliation #{r.id}</span>
      </span>
    ),
  },
  { id: 'file', header: 'File', cell: (r) => <span className="break-all">{r.file_name ?? '—'}</span> },
  { id: 'by', header: 'By', cell: (r) => <span className="break-all">{r.actor}</span> },
  { id: 'rows', header: 'Rows', align: 'right', width: '5.5rem', cell: (r) => n(r.summary.rows) },
  { id: 'changed', header: 'Changed', align: 'right', width: '6.5rem', cell: (r) => n(r.summary.changed) },
  { id: 'unchanged', header: 'Unchanged', align: 'right', width: '7rem', cell: (r) => n(r.summary.unchanged) },
  { id: 'unknown', header: 'Unknown', align: 'right', width: '6.5rem', cell: (r) => n(r.summary.unknown) },
  {
    id: 'not_allowed',
    header: 'Not allowed',
    align: 'right',
    width: '7rem',
    cell: (r) => n(r.summary.not_allowed),
  },
  { id: 'invalid', header: 'Invalid', align: 'right', width: '6rem', cell: (r) => n(r.summary.invalid) },
];

/** The applied files, newest first (the API keeps each with its outcome): when, which, by whom, the counts. */
export function ReconcileHistory() {
  const list = useReconciliations();
  return (
    <DataTable
      what="the past reconciliations"
      label="Past reconciliations"
      columns={columns}
      rows={list.rows}
      rowKey={(r) => r.id}
      state={list}
      emptyText="No file reconciled yet"
      emptyHint="An applied file shows here with its outcome."
    />
  );
}
