import { REPORT_CONVERSION_STATUS_LABELS } from '@portal/shared/reports/reports.constants';
import type { DailyReportRow, HourlyReportRow } from '@portal/shared/reports/reports.schemas';
import Clock from 'lucide-react/icons/clock';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { formatPeriod } from '../../../components/ui/date-range/date-range.ts';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { isShownFailure } from '../../../lib/load-failure.ts';
import { useCsvExport } from '../api/export-report.ts';
import { useReportList, useReportSeries, useReportTotal } from '../api/get-report.ts';
import type { AnyReportDefinition, ColumnContext } from '../report-definitions.tsx';
import { totalsCell } from '../report-definitions.tsx';
import type { DrillTarget, ReportFilterState } from '../report-filters.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { hasSeveralOffsets } from '../report-formats.ts';
import { useLabels } from '../api/use-filter-labels.ts';
import { rememberLabels } from '../report-labels.ts';
import { ReportFiltersBar } from './report-filters-bar.tsx';

// The chart library loads only where a chart is shown (daily and hourly).
const ReportChart = lazy(() => import('./report-chart.tsx'));

export interface ReportViewProps {
  report: AnyReportDefinition;
  filters: ReportFilterState;
  onFiltersChange: (f: ReportFilterState) => void;
  onDrill: (target: DrillTarget) => void;
  timeZone: string;
}

/**
 * One report (docs/screens.md Reports): the shared filters, its table with every column of docs/api.md, sort,
 * infinite scroll, the totals row where the API has one, its drill-downs, CSV export, the chart of
 * daily and hourly reports, and the time zone and "data as of" instant the figures are true for.
 */
export function ReportView({ report, filters, onFiltersChange, onDrill, timeZone }: ReportViewProps) {
  const [sort, setSort] = useState<SortState>(report.defaultSort);
  // Each definition's rows are its own type; the view handles them as the definition says.
  type Row = Parameters<AnyReportDefinition['rowKey']>[0];
  const list = useReportList<Row>({ type: report.type, filters, sort: sort.sort, order: sort.order });
  const totals = useReportTotal(report.type, filters, sort, report.totals);
  const exporter = useCsvExport(report.type);

  const drill = useCallback(
    (target: DrillTarget, labels?: { offer?: string; landingPage?: string }) => {
      const offerId = target.filters.offers[0];
      const pageId = target.filters.landingPages[0];
      rememberLabels({
        offers: labels?.offer && offerId !== undefined ? [[offerId, labels.offer]] : [],
        landingPages: labels?.landingPage && pageId !== undefined ? [[pageId, labels.landingPage]] : [],
      });
      onDrill(target);
    },
    [onDrill],
  );
  const page = list.firstPage;
  // The zone the server answered in (the profile's, as it was when asked).
  const reportZone = page ? page.timezone : timeZone;
  const hourOffsets =
    report.type === 'hourly' && hasSeveralOffsets((list.rows as HourlyReportRow[]).map((r) => r.hour));
  const columns = useMemo(() => {
    const ctx: ColumnContext = { filters, onDrill: drill, hourOffsets, timeZone: reportZone };
    return (report.columns as (c: ColumnContext) => Column<Row>[])(ctx);
  }, [report, filters, drill, hourOffsets, reportZone]);
  const first = columns[0]!.id;
  const labels = useLabels(filters);
  const filterSummary = [
    formatPeriod(filters.range, timeZone),
    filters.offers.length === 1
      ? labels.offer(filters.offers[0]!)
      : filters.offers.length > 1
        ? `${filters.offers.length} offers`
        : null,
    filters.landingPages.length === 1
      ? labels.landingPage(filters.landingPages[0]!)
      : filters.landingPages.length > 1
        ? `${filters.landingPages.length} landing pages`
        : null,
    report.type === 'conversion' && filters.statuses?.length
      ? filters.statuses.map((s) => REPORT_CONVERSION_STATUS_LABELS[s]).join(', ')
      : null,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <ListToolbar
        list={list}
        exportCsv={{
          onExport: () => void exporter.start(filters, sort.sort, sort.order),
          exporting: exporter.exporting,
          hasData: list.rows.length > 0,
        }}
        filters={
          <ReportFiltersBar
            filters={filters}
            onChange={onFiltersChange}
            timeZone={timeZone}
            statusFilter={report.type === 'conversion'}
          />
        }
        filterSummary={filterSummary}
      />
      {/* Always there (placeholders until the first page): the table below does not move when it arrives. */}
      <p
        className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600"
        data-testid="report-context"
      >
        <Clock size={14} aria-hidden="true" />
        <span>
          Days and times in <strong className="font-medium text-slate-800">{reportZone}</strong>
        </span>
        <span aria-hidden="true" className="hidden sm:inline">
          ·
        </span>
        {/* A line of its own on a phone, so the instant's arrival cannot rewrap the line. */}
        <span className="basis-full pl-[22px] sm:basis-auto sm:pl-0">
          Data as of{' '}
          <strong className="font-medium text-slate-800 tabular">
            {page ? formatDateTime(page.data_as_of, page.timezone) : '…'}
          </strong>
        </span>
      </p>
      {report.chart ? <ChartSection kind={report.chart} filters={filters} /> : null}
      <DataTable
        what="this report"
        label={report.label}
        columns={columns}
        rows={list.rows}
        rowKey={report.rowKey as (r: Row) => string}
        dense={'dense' in report && report.dense}
        state={list}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        emptyText="No available data for the requested period"
        emptyHint="Try a longer date range, or other offers."
        totals={report.totals ? (c) => totalsCell(c.id, first, totals.data) : undefined}
        totalsFailure={
          isShownFailure(totals.error) && !totals.isFetching
            ? { error: totals.error, retry: () => void totals.refetch() }
            : null
        }
      />
    </>
  );
}

function ChartSection({ kind, filters }: { kind: 'day' | 'hour'; filters: ReportFilterState }) {
  const series = useReportSeries<DailyReportRow | HourlyReportRow>(kind === 'day' ? 'daily' : 'hourly', filters);
  // The chart's place is kept while it loads (the table below stays put); an empty range has none.
  const placeholder = <div className="mb-4 h-80 rounded-xl border border-slate-200 bg-white" aria-hidden="true" />;
  if (isShownFailure(series.error) && !series.isFetching) {
    return (
      <div className="mb-4 rounded-xl border border-slate-200 bg-white">
        <LoadFailure compact what="the chart" error={series.error} onRetry={() => void series.refetch()} />
      </div>
    );
  }
  if (!series.data) return placeholder;
  if (series.data.length === 0) return null;
  return (
    <Suspense fallback={placeholder}>
      <ReportChart kind={kind} rows={series.data} />
    </Suspense>
  );
}
