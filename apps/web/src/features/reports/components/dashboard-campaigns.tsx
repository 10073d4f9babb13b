import type { CampaignReportRow } from '@portal/shared/reports/reports.schemas';
import CalendarRange from 'lucide-react/icons/calendar-range';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { LazyDateRangePicker } from '../../../components/ui/date-range/lazy-date-range-picker.tsx';
import { formatPeriod, presetRange, type DayRange } from '../../../components/ui/date-range/date-range.ts';
import { LazyDrillDownMenu } from '../../../components/ui/lazy-drill-down-menu.tsx';
import { DataTable } from '../../../components/ui/list/data-table.tsx';
import { ListToolbar } from '../../../components/ui/list/list-toolbar.tsx';
import { nextSort, type SortState } from '../../../components/ui/list/sort.ts';
import type { Column } from '../../../components/ui/list/types.ts';
import { paths } from '../../../config/paths.ts';
import { isShownFailure } from '../../../lib/load-failure.ts';
import { formatEpc, formatInteger, formatMoney, formatPercent } from '../../../lib/format.ts';
import { useReportList, useReportTotal } from '../api/get-report.ts';
import { totalsCell } from '../report-definitions.tsx';
import { drillTarget, writeReportFilters, type ReportFilterState } from '../report-filters.ts';
import { rememberLabels } from '../report-labels.ts';

/**
 * The dashboard's campaign summary (docs/screens.md "Dashboard", docs/api.md "Campaign report row"): campaigns with
 * clicks, conversions, CVR, earnings and EPC over a date range (today by default), names linking
 * to the offer, a drill-down to the daily summary for that offer, and the totals row.
 */
export function DashboardCampaigns({
  range,
  onRangeChange,
  timeZone,
}: {
  range: DayRange;
  onRangeChange: (r: DayRange) => void;
  timeZone: string;
}) {
  const navigate = useNavigate();
  const [sort, setSort] = useState<SortState>({ sort: 'campaign_id', order: 1 });
  const filters: ReportFilterState = useMemo(() => ({ range, offers: [], landingPages: [] }), [range]);
  const list = useReportList<CampaignReportRow>({ type: 'campaign', filters, sort: sort.sort, order: sort.order });
  const totals = useReportTotal('campaign', filters, sort, true);

  const columns = useMemo<Column<CampaignReportRow>[]>(
    () => [
      {
        id: 'campaign_name',
        header: 'Campaign',
        sortKey: 'campaign_name',
        primary: true,
        width: '28%',
        cell: (r) => (
          <Link to={paths.offer(r.offer_id)} className="font-medium text-accent hover:underline">
            {r.campaign_name}
          </Link>
        ),
      },
      { id: 'clicks', header: 'Clicks', sortKey: 'clicks', align: 'right', cell: (r) => formatInteger(r.clicks) },
      {
        id: 'conversions',
        header: 'Conversions',
        sortKey: 'conversions',
        align: 'right',
        cell: (r) => formatInteger(r.conversions),
      },
      { id: 'cvr', header: 'CVR', sortKey: 'cvr', align: 'right', cell: (r) => formatPercent(r.cvr) },
      { id: 'earnings', header: 'Earnings', sortKey: 'earnings', align: 'right', cell: (r) => formatMoney(r.earnings) },
      { id: 'epc', header: 'EPC', sortKey: 'epc', align: 'right', cell: (r) => formatEpc(r.epc) },
      {
        id: 'drill',
        header: 'Drill down',
        headerHidden: true,
        action: true,
        align: 'right',
        width: '3.5rem',
        cell: (r) => (
          <LazyDrillDownMenu
            label={`Drill down on ${r.campaign_name}`}
            options={[{ value: 'daily', label: 'Daily summary' }]}
            onSelect={() => {
              rememberLabels({ offers: [[r.offer_id, r.campaign_name]] });
              const t = drillTarget('daily', filters, { offerId: r.offer_id });
              void navigate(`${paths.reports(t.report)}?${writeReportFilters(t.filters)}`);
            }}
          />
        ),
      },
    ],
    [filters, navigate],
  );

  return (
    <section aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading" className="mb-3 text-base font-semibold text-slate-900">
        Campaign summary
      </h2>
      <ListToolbar
        list={list}
        filterSummary={formatPeriod(range, timeZone)}
        filters={
          <LazyDateRangePicker
            value={range}
            onChange={(r) => r && onRangeChange(r)}
            timeZone={timeZone}
            label="Date range"
          />
        }
      />
      <DataTable
        what="the campaign summary"
        label="Campaign summary"
        columns={columns}
        rows={list.rows}
        rowKey={(r) => String(r.offer_id)}
        state={list}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
        emptyText="No available data for the requested period"
        emptyHint="No clicks yet in this period. Your week and month so far are in the summary."
        totals={(c) => totalsCell(c.id, 'campaign_name', totals.data)}
        totalsFailure={
          isShownFailure(totals.error) && !totals.isFetching
            ? { error: totals.error, retry: () => void totals.refetch() }
            : null
        }
      />
      {!list.loading && !list.failed && list.rows.length === 0 ? (
        <div className="mt-3 flex justify-center">
          <Button
            variant="secondary"
            icon={<CalendarRange size={16} aria-hidden="true" />}
            onClick={() => onRangeChange(presetRange('this-month', timeZone))}
          >
            Show this month
          </Button>
        </div>
      ) : null}
    </section>
  );
}
