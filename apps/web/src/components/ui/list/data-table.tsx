import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import { useIsWide } from '../../../lib/use-media-query.ts';
import { cn } from '../cn.ts';
import { ariaSort, type SortState } from './sort.ts';
import { StackedList } from './stacked-list.tsx';
import { LoadFailure } from '../load-failure.tsx';
import { EmptyState, FirstLoadRows, ListFooter, SkeletonRows, SlowLoadMessage } from './table-parts.tsx';
import type { Column, DataTableProps } from './types.ts';
import { useVirtualRows } from './use-virtual-rows.ts';

/** Rows loaded past the last one on screen before the next page is asked for. */
const PREFETCH_ROWS = 5;

/**
 * The list building block (docs/screens.md, docs/ui.md): a table with sortable headers (the active one with
 * its arrow), rows virtualised against the window so 10,000 loaded rows scroll as smoothly as 20,
 * the next page loaded as the end comes near, and the end-of-list line; below 1024 px the same rows
 * as stacked cards. Loading shows the spec's delayed skeleton and slow-load message, and placeholder
 * rows during the first load; a failed load shows as a failure with a retry, never as the empty state.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const wide = useIsWide();
  const { rows, state } = props;
  const what = props.what ?? 'this list';
  const showRows = !state.display.skeleton;
  const ended = !state.loading && !state.hasMore && !state.moreFailed && rows.length > 0;
  const failedEmpty = state.failed && rows.length === 0;
  const empty = !state.loading && !state.failed && rows.length === 0;
  const firstLoad = state.display.placeholder && !state.display.skeleton;
  const failure = failedEmpty ? (
    <LoadFailure what={what} error={state.error} onRetry={state.retry} retrying={state.refreshing} />
  ) : null;
  // A refresh that failed keeps the rows it had: they are said to be possibly out of date.
  const staleFailure =
    state.failed && rows.length > 0 ? (
      <LoadFailure compact what={`the latest of ${what}`} error={state.error} onRetry={state.retry} />
    ) : null;
  const footer = (
    <ListFooter
      loadingMore={state.loadingMore}
      ended={ended}
      moreFailed={state.moreFailed ? { error: state.error, retry: state.retry, what } : null}
    />
  );

  if (!wide) {
    return (
      <div>
        {state.display.slowMessage ? <SlowLoadMessage /> : null}
        {staleFailure}
        {state.display.skeleton ? <SkeletonRows stacked columns={props.columns.length} /> : null}
        {firstLoad ? <FirstLoadRows stacked columns={props.columns.length} /> : null}
        {showRows ? <StackedList {...props} /> : null}
        {empty || failedEmpty ? (
          <div className="rounded-xl border border-slate-200 bg-white">
            {failure ?? <EmptyState text={props.emptyText} hint={props.emptyHint} />}
          </div>
        ) : null}
        {footer}
      </div>
    );
  }

  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-xs">
      {state.display.slowMessage ? <SlowLoadMessage /> : null}
      {staleFailure}
      <table
        aria-label={props.label}
        aria-busy={state.loading || undefined}
        className={cn(
          'w-full table-fixed border-separate border-spacing-0',
          props.dense ? 'text-[13px] [&_td]:px-2.5 [&_th]:px-2.5' : 'text-sm',
        )}
      >
        <colgroup>
          {props.columns.map((c) => (
            <col key={c.id} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {props.columns.map((c, i) => (
              <HeaderCell
                key={c.id}
                column={c}
                sort={props.sort}
                onSort={props.onSort}
                first={i === 0}
                last={i === props.columns.length - 1}
              />
            ))}
          </tr>
        </thead>
        {state.display.skeleton ? (
          <tbody>
            <tr>
              <td colSpan={props.columns.length} className="p-0">
                <SkeletonRows columns={props.columns.length} />
              </td>
            </tr>
          </tbody>
        ) : (
          <VirtualBody {...props} />
        )}
        {props.totals && rows.length > 0 && showRows && props.totalsFailure ? (
          <tfoot>
            <tr className="bg-slate-50">
              <td colSpan={props.columns.length} className="border-t border-slate-200 p-0">
                <LoadFailure
                  compact
                  what="the totals"
                  error={props.totalsFailure.error}
                  onRetry={props.totalsFailure.retry}
                />
              </td>
            </tr>
          </tfoot>
        ) : props.totals && rows.length > 0 && showRows ? (
          <tfoot>
            <tr className="bg-slate-50 font-semibold text-slate-900">
              {props.columns.map((c) => (
                <td
                  key={c.id}
                  className={cn(
                    'border-t border-slate-200 px-3 py-3 tabular first:pl-4 last:pr-4',
                    c.align === 'right' && 'text-right',
                  )}
                >
                  {props.totals!(c)}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
      {empty ? <EmptyState text={props.emptyText} hint={props.emptyHint} /> : null}
      {failure}
      {firstLoad ? <FirstLoadRows columns={props.columns.length} /> : null}
      {footer}
    </div>
  );
}

function HeaderCell<Row>({
  column,
  sort,
  onSort,
  first,
  last,
}: {
  column: Column<Row>;
  sort?: SortState | undefined;
  onSort?: ((key: string) => void) | undefined;
  first: boolean;
  last: boolean;
}) {
  const sortable = Boolean(column.sortKey && sort && onSort);
  const active = sortable && sort!.sort === column.sortKey;
  const Arrow = !active ? ChevronsUpDown : sort!.order === 1 ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={sortable ? ariaSort(sort!, column.sortKey) : undefined}
      className={cn(
        // Sticky under the app header (4rem) while the page scrolls.
        'sticky top-16 z-10 border-b border-slate-200 bg-slate-50/95 px-3 py-2.5 text-xs font-semibold text-slate-600 backdrop-blur first:pl-4 last:pr-4',
        first && 'rounded-tl-xl',
        last && 'rounded-tr-xl',
        column.align === 'right' ? 'text-right' : 'text-left',
      )}
    >
      {sortable ? (
        <button
          type="button"
          onClick={() => onSort!(column.sortKey!)}
          className={cn(
            'group/sort inline-flex items-center gap-1 rounded hover:text-slate-900',
            column.align === 'right' && 'flex-row-reverse',
            active && 'text-slate-900',
          )}
        >
          {column.header}
          {/* The arrow marks the active column (docs/screens.md); the others show theirs on hover or focus. */}
          <Arrow
            size={14}
            aria-hidden="true"
            className={
              active
                ? 'shrink-0 text-accent'
                : 'shrink-0 text-slate-400 opacity-0 group-hover/sort:opacity-100 group-focus-visible/sort:opacity-100'
            }
          />
        </button>
      ) : column.headerContent ? (
        column.headerContent
      ) : column.headerHidden ? (
        <span className="sr-only">{column.header}</span>
      ) : (
        column.header
      )}
    </th>
  );
}

function VirtualBody<Row>({ columns, rows, rowKey, state }: DataTableProps<Row>) {
  const v = useVirtualRows<Row, HTMLTableSectionElement>({
    rows,
    rowKey,
    state,
    estimate: 49,
    overscan: 12,
    prefetch: PREFETCH_ROWS,
  });
  return (
    <tbody ref={v.ref}>
      {v.paddingTop > 0 ? (
        <tr aria-hidden="true">
          <td colSpan={columns.length} style={{ height: v.paddingTop, padding: 0 }} />
        </tr>
      ) : null}
      {v.items.map((item) => {
        const row = rows[item.index]!;
        return (
          <tr key={item.key} data-index={item.index} ref={v.measure} className="group hover:bg-slate-50/70">
            {columns.map((c) => (
              <td
                key={c.id}
                className={cn(
                  'border-b border-slate-100 px-3 py-3 align-middle text-slate-800 group-last:border-b-0 first:pl-4 last:pr-4',
                  c.align === 'right' && 'text-right tabular',
                )}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        );
      })}
      {v.paddingBottom > 0 ? (
        <tr aria-hidden="true">
          <td colSpan={columns.length} style={{ height: v.paddingBottom, padding: 0 }} />
        </tr>
      ) : null}
    </tbody>
  );
}
