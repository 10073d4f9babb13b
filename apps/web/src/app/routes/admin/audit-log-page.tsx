import {
  AUDIT_OBJECT_LABELS,
  AUDIT_OBJECT_TYPES,
  type AuditObjectType,
} from '@portal/shared/admin/operators.constants';
import { useState } from 'react';
import { LazyDateRangePicker } from '../../../components/ui/date-range/lazy-date-range-picker.tsx';
import type { DayRange } from '../../../components/ui/date-range/date-range.ts';
import { SelectField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useAuditLog, useAuditOperators } from '../../../features/admin/audit-log/audit-log-api.ts';
import { AUDIT_COLUMNS } from '../../../features/admin/audit-log/audit-log-columns.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const OBJECT_OPTIONS = AUDIT_OBJECT_TYPES.map((t) => ({ value: t, label: AUDIT_OBJECT_LABELS[t] }));

/** Every operator write, newest first, filtered by operator, object and date (docs/operator-console.md). */
export function Component() {
  const timeZone = browserTimeZone();
  const [operatorId, setOperatorId] = useState<number | null>(null);
  const [objectType, setObjectType] = useState<AuditObjectType | null>(null);
  const [range, setRange] = useState<DayRange | null>(null);
  const operators = useAuditOperators();
  const list = useAuditLog({ operatorId, objectType, dateRange: range, timeZone });
  const filtered = operatorId !== null || objectType !== null || range !== null;

  return (
    <PageWrapper title="Audit log" description="Every write of every operator, newest first." wide>
      <ListToolbar
        count={list.rows.length > 0 ? { loaded: list.rows.length, more: list.hasMore } : null}
        onRefresh={list.refresh}
        refreshing={list.refreshing}
        filters={
          <>
            <SelectField
              label="Operator"
              containerClassName="w-full sm:w-56"
              placeholder="All operators"
              options={(operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name || o.email }))}
              value={operatorId === null ? '' : String(operatorId)}
              onChange={(e) => setOperatorId(e.target.value ? Number(e.target.value) : null)}
            />
            <SelectField
              label="Object"
              containerClassName="w-full sm:w-44"
              placeholder="All objects"
              options={OBJECT_OPTIONS}
              value={objectType ?? ''}
              onChange={(e) => setObjectType((e.target.value || null) as AuditObjectType | null)}
            />
            <LazyDateRangePicker value={range} onChange={setRange} timeZone={timeZone} label="Date" clearable />
          </>
        }
      />
      <DataTable
        what="the audit log"
        label="Audit log"
        columns={AUDIT_COLUMNS}
        rows={list.rows}
        rowKey={(e) => e.id}
        state={list}
        emptyText={filtered ? 'No entry matches these filters' : 'Nothing recorded yet'}
        emptyHint={filtered ? 'Clear a filter to see more.' : 'Every write an operator makes is recorded here.'}
      />
    </PageWrapper>
  );
}
