import type { ReportMetrics, ReportTotals, ReportType } from '@portal/shared/reports/reports.schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LongValue } from '../../components/ui/long-value.tsx';
import { LazyDrillDownMenu } from '../../components/ui/lazy-drill-down-menu.tsx';
import type { Column } from '../../components/ui/list/types.ts';
import { paths } from '../../config/paths.ts';
import { formatEpc, formatInteger, formatMoney, formatPercent } from '../../lib/format.ts';
import type { DrillTarget, ReportFilterState } from './report-filters.ts';
import { formatDateTime } from '../../lib/dates.ts';

/** What every report's columns are made of: the definition's shape, the metric columns, cells. */

/** What a column needs besides its row: where drill-downs go, and how hours are written. */
export interface ColumnContext {
  filters: ReportFilterState;
  onDrill: (target: DrillTarget, labels?: { offer?: string; landingPage?: string }) => void;
  /** The rows' hours span a DST change: write each hour with its offset. */
  hourOffsets: boolean;
  /** The zone the report's days and times are in. */
  timeZone: string;
}

export interface ReportDefinition<Row> {
  type: ReportType;
  label: string;
  rowKey: (row: Row) => string;
  columns: (ctx: ColumnContext) => Column<Row>[];
  defaultSort: { sort: string; order: 1 | -1 };
  /** The API has a `report-total/…` call for it: a totals row. */
  totals: boolean;
  /** Daily and hourly also as a chart (beyond the spec). */
  chart: 'day' | 'hour' | null;
  /** A dozen columns: the table's dense form. */
  dense?: boolean;
}

export const dash = <span className="text-slate-400">—</span>;
/** A text cell: a dash when empty; cut with an ellipsis when too long, the whole value a button away. */
export const text = (v: string | null | undefined, label: string) =>
  v === null || v === undefined || v === '' ? dash : <LongValue value={v} label={label} />;
export const time = (iso: string, timeZone: string) => (
  <span className="whitespace-nowrap tabular">{formatDateTime(iso, timeZone)}</span>
);

/**
 * Each metric's width holds its header with the sort arrow and its largest figures (a total's
 * earnings), so no header is cut however many text columns a report has; those share the rest.
 */
const METRICS: { id: keyof ReportMetrics; header: string; width: string; format: (n: number) => string }[] = [
  { id: 'clicks', header: 'Clicks', width: '5.75rem', format: formatInteger },
  { id: 'conversions', header: 'Conversions', width: '8.25rem', format: formatInteger },
  { id: 'partials', header: 'Partials', width: '6.25rem', format: formatInteger },
  { id: 'upsells', header: 'Upsells', width: '6.25rem', format: formatInteger },
  { id: 'cvr', header: 'CVR', width: '5.5rem', format: formatPercent },
  { id: 'earnings', header: 'Earnings', width: '7.5rem', format: formatMoney },
  { id: 'epc', header: 'EPC', width: '6rem', format: formatEpc },
];

export const metricColumns = <Row extends ReportMetrics>(): Column<Row>[] =>
  METRICS.map((m) => ({
    id: m.id,
    header: m.header,
    sortKey: m.id,
    align: 'right' as const,
    width: m.width,
    cell: (r: Row) => m.format(r[m.id]),
  }));

/**
 * The totals row's cell for a column: the metric, 'Total' in the first column, nothing elsewhere;
 * under Conversions and Earnings, what is pending (docs/money.md: counted once approved).
 */
export function totalsCell(
  columnId: string,
  firstColumnId: string,
  totals: ReportMetrics | ReportTotals | undefined,
): ReactNode {
  if (columnId === firstColumnId) return 'Total';
  const m = METRICS.find((x) => x.id === columnId);
  if (!m || !totals) return null;
  const value = m.format(totals[m.id]);
  const pending =
    'pending_conversions' in totals && totals.pending_conversions > 0
      ? columnId === 'conversions'
        ? `${formatInteger(totals.pending_conversions)} pending`
        : columnId === 'earnings'
          ? `${formatMoney(totals.pending_earnings)} pending`
          : null
      : null;
  if (!pending) return value;
  return (
    <>
      {value}
      <span className="block text-xs font-normal text-amber-800" data-testid={`pending-${columnId}`}>
        {pending}
      </span>
    </>
  );
}

export function drillColumn<Row>(
  label: (r: Row) => string,
  options: (r: Row) => { value: ReportType; label: string }[],
  go: (r: Row, to: ReportType) => void,
): Column<Row> {
  return {
    id: 'drill',
    header: 'Drill down',
    headerHidden: true,
    action: true,
    align: 'right',
    width: '3.5rem',
    cell: (r) => <LazyDrillDownMenu label={label(r)} options={options(r)} onSelect={(o) => go(r, o.value)} />,
  };
}

export const offerLink = (offerId: number, name: string) => (
  <Link to={paths.offer(offerId)} className="font-medium text-accent hover:underline">
    {name}
  </Link>
);

export const subIdCells = <
  Row extends {
    sub_id_1: string | null;
    sub_id_2: string | null;
    sub_id_3: string | null;
    sub_id_4: string | null;
    sub_id_5: string | null;
  },
>(): Column<Row>[] =>
  ([1, 2, 3, 4, 5] as const).map((n) => ({
    id: `sub_id_${n}`,
    header: `Sub ID ${n}`,
    sortKey: `sub_id_${n}`,
    cell: (r: Row) => text(r[`sub_id_${n}`], 'Sub ID'),
  }));
