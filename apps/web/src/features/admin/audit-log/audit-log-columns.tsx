import type { AuditEntry } from '@portal/shared/admin/audit.schemas';
import { AUDIT_OBJECT_LABELS, type AuditObjectType } from '@portal/shared/admin/operators.constants';
import type { Column } from '../../../components/ui/list/types.ts';
import { auditChanges } from './audit-changes.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const objectLabel = (type: string) => AUDIT_OBJECT_LABELS[type as AuditObjectType] ?? type;

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-slate-600">—</span>;
  return (
    <ul className="space-y-0.5 text-[13px]">
      {changes.map((c) => (
        <li key={c.field} className="break-all">
          <span className="font-medium text-slate-800">{c.field}</span>:{' '}
          {c.before !== null ? <span className="text-slate-600 line-through">{c.before}</span> : null}
          {c.before !== null && c.after !== null ? ' → ' : null}
          {c.after !== null ? <span className="text-slate-900">{c.after}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The audit log's columns: when, who, what, on which object, before → after, and why. */
export const AUDIT_COLUMNS: Column<AuditEntry>[] = [
  {
    id: 'at',
    header: 'When',
    width: '13.5rem',
    primary: true,
    cell: (e) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(e.at, browserTimeZone())}</span>,
  },
  {
    id: 'operator',
    header: 'Operator',
    width: '14rem',
    cell: (e) => (
      <span className="break-all">
        {e.operator_name ? <span className="block font-medium text-slate-900">{e.operator_name}</span> : null}
        <span className="text-slate-600">{e.actor}</span>
      </span>
    ),
  },
  { id: 'action', header: 'Action', width: '11rem', cell: (e) => <code className="text-[13px]">{e.action}</code> },
  {
    id: 'object',
    header: 'Object',
    width: '9rem',
    cell: (e) => `${objectLabel(e.object_type)}${e.object_id ? ` #${e.object_id}` : ''}`,
  },
  { id: 'changes', header: 'Change', cell: (e) => <Changes entry={e} /> },
  { id: 'reason', header: 'Reason', width: '12rem', cell: (e) => e.reason ?? '' },
];
