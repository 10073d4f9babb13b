import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import { useId } from 'react';
import { cn } from '../cn.ts';
import type { DataTableProps } from './types.ts';
import { useVirtualRows } from './use-virtual-rows.ts';

const PREFETCH_ROWS = 3;

/**
 * Below 1024 px a table becomes stacked cards (docs/screens.md, docs/ui.md): the primary column as the card's
 * title, an action in its corner, every other column as "label: value". Sorting stays available
 * through a small "Sort by" control, since there are no headers to click.
 */
export function StackedList<Row>({ label, columns, rows, rowKey, state, sort, onSort, totals }: DataTableProps<Row>) {
  const v = useVirtualRows<Row, HTMLUListElement>({
    rows,
    rowKey,
    state,
    estimate: 160,
    overscan: 6,
    prefetch: PREFETCH_ROWS,
  });
  const primary = columns.find((c) => c.primary);
  const action = columns.find((c) => c.action);
  const rest = columns.filter((c) => c !== primary && c !== action);

  return (
    <div className="flex flex-col gap-3">
      {sort && onSort && rows.length > 1 ? <SortControl columns={columns} sort={sort} onSort={onSort} /> : null}
      <ul
        ref={v.ref}
        aria-label={label}
        aria-busy={state.loading || undefined}
        className="flex flex-col"
        style={{ paddingTop: v.paddingTop, paddingBottom: v.paddingBottom }}
      >
        {v.items.map((item) => {
          const row = rows[item.index]!;
          return (
            <li key={item.key} data-index={item.index} ref={v.measure} className="pb-3">
              <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
                {primary || action ? (
                  <div className="mb-2 flex items-start justify-between gap-3">
                    <div className="min-w-0 text-[15px] font-medium break-words text-slate-900">
                      {primary?.cell(row)}
                    </div>
                    {action ? <div className="-mt-1 -mr-1 shrink-0">{action.cell(row)}</div> : null}
                  </div>
                ) : null}
                <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
                  {rest.map((c) => (
                    <div key={c.id} className="contents">
                      <dt className="text-slate-600">{c.header}</dt>
                      <dd className={cn('min-w-0 break-words text-slate-900', c.align === 'right' && 'tabular')}>
                        {c.cell(row)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </div>
            </li>
          );
        })}
      </ul>
      {totals && rows.length > 0 ? (
        <div className="rounded-xl border border-slate-300 bg-slate-50 p-4">
          <p className="mb-2 text-sm font-semibold text-slate-900">Totals</p>
          <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
            {columns
              .filter((c) => c !== primary && c !== action && totals(c) != null)
              .map((c) => (
                <div key={c.id} className="contents">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className="font-medium text-slate-900 tabular">{totals(c)}</dd>
                </div>
              ))}
          </dl>
        </div>
      ) : null}
    </div>
  );
}

function SortControl<Row>({
  columns,
  sort,
  onSort,
}: Pick<DataTableProps<Row>, 'columns'> & {
  sort: NonNullable<DataTableProps<Row>['sort']>;
  onSort: (key: string) => void;
}) {
  const id = useId();
  const sortable = columns.filter((c) => c.sortKey);
  if (sortable.length === 0) return null;
  const Arrow = sort.order === 1 ? ArrowUp : ArrowDown;
  return (
    <div className="flex items-center justify-end gap-2 text-sm">
      <label htmlFor={id} className="text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        value={sort.sort}
        onChange={(e) => onSort(e.target.value)}
        className="select-chevron h-9 appearance-none rounded-lg border border-slate-300 bg-white bg-[length:16px] bg-[right_0.5rem_center] bg-no-repeat pr-8 pl-3 text-sm"
      >
        {/* A default sort no column carries (the dashboard's campaign id) still shows as chosen. */}
        {sortable.some((c) => c.sortKey === sort.sort) ? null : <option value={sort.sort}>Default order</option>}
        {sortable.map((c) => (
          <option key={c.id} value={c.sortKey}>
            {c.header}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => onSort(sort.sort)}
        className="inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        aria-label={sort.order === 1 ? 'Ascending; switch to descending' : 'Descending; switch to ascending'}
      >
        <Arrow size={16} aria-hidden="true" />
      </button>
    </div>
  );
}
