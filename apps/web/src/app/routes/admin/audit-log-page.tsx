import {
  AUDIT_OBJECT_LABELS,
  AUDIT_OBJECT_TYPES,
  type AuditObjectType,
} from '@portal/shared/admin/operators.constants';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { FilterDateRange, FilterSelect } from '../../../components/ui/list/filter-controls.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { dayRangeFilter, idFilter, oneOfFilter, useListFilters } from '../../../components/ui/list/use-list-filters.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useAuditLog, useAuditOperators } from '../../../features/admin/audit-log/audit-log-api.ts';
import { AUDIT_COLUMNS } from '../../../features/admin/audit-log/audit-log-columns.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const OBJECT_OPTIONS = AUDIT_OBJECT_TYPES.map((t) => ({ value: t, label: AUDIT_OBJECT_LABELS[t] }));
const FILTERS = { operator: idFilter, object: oneOfFilter<AuditObjectType>(AUDIT_OBJECT_TYPES), date: dayRangeFilter };

/**
 * Every operator write, newest first, filtered by operator, object and date, the filters kept in the
 * address (docs/operator-console.md).
 */
export function Component() {
  const timeZone = browserTimeZone();
  const filters = useListFilters(FILTERS);
  const { operator: operatorId, object: objectType, date: range } = filters.filters;
  const operators = useAuditOperators();
  const list = useAuditLog({ operatorId, objectType, dateRange: range, timeZone });

  return (
    <PageWrapper title="Audit log" description="Every write of every operator, newest first." wide>
      <ListToolbar
        list={list}
        filters={
          <>
            <FilterSelect
              filters={filters}
              name="operator"
              label="Operator"
              placeholder="All operators"
              options={(operators.data ?? []).map((o) => ({ value: String(o.id), label: o.name || o.email }))}
              className="w-full sm:w-56"
            />
            <FilterSelect
              filters={filters}
              name="object"
              label="Object"
              placeholder="All objects"
              options={OBJECT_OPTIONS}
              className="w-full sm:w-44"
            />
            <FilterDateRange filters={filters} name="date" label="Date" timeZone={timeZone} />
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
        emptyText={filters.filtered ? 'No entry matches these filters' : 'Nothing recorded yet'}
        emptyHint={filters.filtered ? 'Clear a filter to see more.' : 'Every write an operator makes is recorded here.'}
      />
    </PageWrapper>
  );
}
