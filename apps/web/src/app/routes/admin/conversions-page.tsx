import {
  CONVERSION_STATUSES,
  type AdminConversion,
  type ConversionDecision,
  type AdminConversionStatus,
} from '@portal/shared/admin/conversions.schemas';
import { useMemo, useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { FilterDateRange, FilterSelect } from '../../../components/ui/list/filter-controls.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { dayRangeFilter, idFilter, oneOfFilter, useListFilters } from '../../../components/ui/list/use-list-filters.ts';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { consolePaths } from '../../../features/admin/console-paths.ts';
import { conversionColumns } from '../../../features/admin/conversions/conversion-columns.tsx';
import { OfferPicker, PublisherPicker } from '../../../features/admin/conversions/conversion-pickers.tsx';
import { useConversionList } from '../../../features/admin/conversions/conversions-api.ts';
import { useConversionSelection } from '../../../features/admin/conversions/conversion-selection.ts';
import {
  LazyBulkStatusModal,
  LazyReverseModal,
  LazyStatusModal,
} from '../../../features/admin/conversions/lazy-reverse-modal.tsx';
import { selectColumn, SelectionBar, SelectShown } from '../../../features/admin/conversions/selection-controls.tsx';
import { useCanWrite } from '../../../features/admin/use-can-write.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useIsWide } from '../../../lib/use-media-query.ts';

const STATUS_LABELS = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', reversed: 'Reversed' } as const;
const STATUS_OPTIONS = CONVERSION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

interface Find {
  tid: string;
  orderId: string;
}
const EMPTY: Find = { tid: '', orderId: '' };
const FILTERS = {
  publisher: idFilter,
  offer: idFilter,
  status: oneOfFilter<AdminConversionStatus>(CONVERSION_STATUSES),
  date: dayRangeFilter,
};

/**
 * Find conversions by tid or order id, filter them by publisher and offer (chosen by name), status
 * and date, the filters kept in the address (`?publisher=8&offer=3&status=approved`); approve,
 * reject or reverse one, approve or reject the selected ones, and open Reconcile
 * (docs/operator-console.md).
 */
export function Component() {
  const timeZone = browserTimeZone();
  const canWrite = useCanWrite();
  const wide = useIsWide();
  const filters = useListFilters(FILTERS);
  const { publisher: publisherId, offer: offerId, status, date: range } = filters.filters;
  const [draft, setDraft] = useState<Find>(EMPTY);
  const [find, setFind] = useState<Find>(EMPTY);
  const [reversing, setReversing] = useState<AdminConversion | null>(null);
  const [deciding, setDeciding] = useState<{ conversion: AdminConversion; status: ConversionDecision } | null>(null);
  const [bulk, setBulk] = useState<{ ids: readonly string[]; status: ConversionDecision } | null>(null);
  const query = {
    tid: find.tid.trim() || null,
    orderId: find.orderId.trim() || null,
    publisherId,
    offerId,
    status,
    dateRange: range,
    timeZone,
  };
  const list = useConversionList(query);
  // A selection belongs to the rows of one query: another find or filter clears it.
  const sel = useConversionSelection(JSON.stringify(query));
  const shown = useMemo(() => list.rows.map((c) => c.id), [list.rows]);
  const rowColumns = useMemo(
    () =>
      conversionColumns(
        canWrite ? { reverse: setReversing, decide: (conversion, s) => setDeciding({ conversion, status: s }) } : null,
      ),
    [canWrite],
  );
  const columns = useMemo(
    () => (canWrite ? [selectColumn(sel, shown), ...rowColumns] : rowColumns),
    [canWrite, sel, shown, rowColumns],
  );
  const filtered = find !== EMPTY || filters.filtered;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFind({ ...draft });
  };
  const field = (key: keyof Find, label: string) => (
    <TextField
      label={label}
      name={key}
      containerClassName="w-full sm:w-auto sm:flex-1"
      value={draft[key]}
      onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
      autoComplete="off"
    />
  );

  return (
    <PageWrapper
      title="Conversions"
      description="Find a conversion; approve, reject or reverse it with a reason."
      actions={
        canWrite ? (
          <ButtonLink to={consolePaths.conversionsReconcile} variant="secondary">
            Reconcile
          </ButtonLink>
        ) : null
      }
      wide
    >
      <Card className="mb-4 p-4">
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" role="search">
          {field('tid', 'Transaction ID (tid)')}
          {field('orderId', 'Order ID')}
          <div className="flex gap-2">
            <Button type="submit">Find</Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                setDraft(EMPTY);
                setFind(EMPTY);
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <ListToolbar
        list={list}
        filters={
          <>
            <PublisherPicker value={publisherId} onChange={(id) => filters.setFilter('publisher', id)} />
            <OfferPicker value={offerId} onChange={(id) => filters.setFilter('offer', id)} />
            <FilterSelect
              filters={filters}
              name="status"
              label="Status"
              placeholder="All statuses"
              options={STATUS_OPTIONS}
              className="w-full sm:w-40"
            />
            <FilterDateRange filters={filters} name="date" label="Date" timeZone={timeZone} />
          </>
        }
      />
      {canWrite && !wide ? <SelectShown sel={sel} shown={shown} /> : null}
      <DataTable
        what="the conversions"
        label="Conversions"
        columns={columns}
        rows={list.rows}
        rowKey={(c) => c.id}
        state={list}
        emptyText={filtered ? 'No conversion matches' : 'No conversions yet'}
        emptyHint={filtered ? 'Check the ID, or clear a filter.' : 'Conversions show here as advertisers report them.'}
      />
      {canWrite ? <SelectionBar sel={sel} onDecide={(s) => setBulk({ ids: sel.selection.ids, status: s })} /> : null}
      <LazyReverseModal conversion={reversing} onClose={() => setReversing(null)} />
      <LazyBulkStatusModal change={bulk} onChanged={sel.clear} onClose={() => setBulk(null)} />
      <LazyStatusModal change={deciding} onClose={() => setDeciding(null)} />
    </PageWrapper>
  );
}
