import { CONVERSION_STATUSES, type AdminConversion } from '@portal/shared/admin/conversions.schemas';
import { roleAllows } from '@portal/shared/admin/operators.constants';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { LazyDateRangePicker } from '../../../components/ui/date-range/lazy-date-range-picker.tsx';
import type { DayRange } from '../../../components/ui/date-range/date-range.ts';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { PageWrapper } from '../../../components/ui/page-wrapper.tsx';
import { useOperatorMe } from '../../../features/admin/api/session.ts';
import { conversionColumns } from '../../../features/admin/conversions/conversion-columns.tsx';
import { OfferPicker, PublisherPicker } from '../../../features/admin/conversions/conversion-pickers.tsx';
import { useConversionList } from '../../../features/admin/conversions/conversions-api.ts';
import { LazyReverseModal } from '../../../features/admin/conversions/lazy-reverse-modal.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';

const STATUS_LABELS = { approved: 'Approved', reversed: 'Reversed' } as const;
const STATUS_OPTIONS = CONVERSION_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));

interface Find {
  tid: string;
  orderId: string;
}
const EMPTY: Find = { tid: '', orderId: '' };
const idOf = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/**
 * Find conversions by tid or order id, filter them by publisher and offer (chosen by name, their ids
 * kept in the address: `?publisher=8&offer=3`), status and date, and reverse one
 * (docs/operator-console.md).
 */
export function Component() {
  const timeZone = browserTimeZone();
  const { data: me } = useOperatorMe();
  const [params, setParams] = useSearchParams();
  const publisherId = idOf(params.get('publisher'));
  const offerId = idOf(params.get('offer'));
  const setParam = (key: 'publisher' | 'offer', id: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id === null) next.delete(key);
        else next.set(key, String(id));
        return next;
      },
      { replace: true },
    );
  const [draft, setDraft] = useState<Find>(EMPTY);
  const [find, setFind] = useState<Find>(EMPTY);
  const [status, setStatus] = useState<(typeof CONVERSION_STATUSES)[number] | null>(null);
  const [range, setRange] = useState<DayRange | null>(null);
  const [reversing, setReversing] = useState<AdminConversion | null>(null);
  const list = useConversionList({
    tid: find.tid.trim() || null,
    orderId: find.orderId.trim() || null,
    publisherId,
    offerId,
    status,
    dateRange: range,
    timeZone,
  });
  const mayReverse = me ? roleAllows(me.role, 'manager') : false;
  const columns = useMemo(() => conversionColumns(mayReverse ? setReversing : null), [mayReverse]);
  const filtered = find !== EMPTY || publisherId !== null || offerId !== null || status !== null || range !== null;
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
    <PageWrapper title="Conversions" description="Find a conversion, and reverse it with a reason." wide>
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
        count={list.rows.length > 0 ? { loaded: list.rows.length, more: list.hasMore } : null}
        onRefresh={list.refresh}
        refreshing={list.refreshing}
        filters={
          <>
            <PublisherPicker value={publisherId} onChange={(id) => setParam('publisher', id)} />
            <OfferPicker value={offerId} onChange={(id) => setParam('offer', id)} />
            <SelectField
              label="Status"
              containerClassName="w-full sm:w-40"
              placeholder="All statuses"
              options={STATUS_OPTIONS}
              value={status ?? ''}
              onChange={(e) => setStatus((e.target.value || null) as typeof status)}
            />
            <LazyDateRangePicker value={range} onChange={setRange} timeZone={timeZone} label="Date" clearable />
          </>
        }
      />
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
      <LazyReverseModal conversion={reversing} onClose={() => setReversing(null)} />
    </PageWrapper>
  );
}
