import type { ReactNode } from 'react';
import type { LoadingDisplay } from './loading-display.ts';
import type { SortState } from './sort.ts';

/** One column of a list or report: a header, how a row shows in it, and its API sort key if sortable. */
export interface Column<Row> {
  id: string;
  header: string;
  /** The `sort` value the API takes for this column; absent: not sortable. */
  sortKey?: string;
  cell: (row: Row) => ReactNode;
  /** Numbers are right-aligned (docs/ui.md). */
  align?: 'left' | 'right';
  /** Column width in the wide table (a CSS length: '30%', '9rem'); the rest share what is left. */
  width?: string;
  /** In the stacked layout: the card's title, shown without its label. */
  primary?: boolean;
  /** In the stacked layout: shown in the card's top corner without a label (an edit button). */
  action?: boolean;
  /** The header is read by screen readers only (an actions column). */
  headerHidden?: boolean;
  /** What the wide table's header cell shows instead of `header` (a select-all box); `header` still names the column. */
  headerContent?: ReactNode;
}

/** What a table shows of the list behind it (use-infinite-list.ts answers all of it). */
export interface TableState {
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  display: LoadingDisplay;
  /** The first page failed: the failure and a retry show where the rows would be. */
  failed: boolean;
  /** The next page failed: the footer offers a retry. */
  moreFailed: boolean;
  error: unknown;
  retry: () => void;
  /** A retry (or refresh) is under way. */
  refreshing: boolean;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  state: TableState;
  sort?: SortState;
  onSort?: (key: string) => void;
  emptyText: string;
  emptyHint?: string;
  /** Tighter cells and 13 px type, for reports with a dozen columns. */
  dense?: boolean;
  /** A totals row under the rows (reports), one cell per column (null: nothing in that column). */
  totals?: ((column: Column<Row>) => ReactNode) | undefined;
  /** The totals could not be loaded: their row says so, with a retry. */
  totalsFailure?: { error: unknown; retry: () => void } | null | undefined;
  /** What the list holds, for its failure message ('this report', 'your offers'). */
  what?: string;
}
