import type {
  CampaignReportRow,
  ClickReportRow,
  ConversionReportRow,
  DailyReportRow,
  HourlyReportRow,
  LandingPageReportRow,
  ReferralReportRow,
  ReportMetrics,
  ReportType,
  SubIdReportRow,
} from '@portal/shared/reports/reports.schemas';
import { Link } from 'react-router';
import { LongValue } from '../../components/ui/long-value.tsx';
import { LazyDrillDownMenu } from '../../components/ui/lazy-drill-down-menu.tsx';
import type { Column } from '../../components/ui/list/types.ts';
import { paths } from '../../config/paths.ts';
import { formatEpc, formatInteger, formatMoney, formatPercent } from '../../lib/format.ts';
import type { DrillTarget, ReportFilterState } from './report-filters.ts';
import { drillTarget } from './report-filters.ts';
import { formatHour, formatTimestamp } from './report-formats.ts';

/** What a column needs besides its row: where drill-downs go, and how hours are written. */
export interface ColumnContext {
  filters: ReportFilterState;
  onDrill: (target: DrillTarget, labels?: { offer?: string; landingPage?: string }) => void;
  /** The rows' hours span a DST change: write each hour with its offset. */
  hourOffsets: boolean;
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

const dash = <span className="text-slate-400">—</span>;
/** A text cell: a dash when empty; cut with an ellipsis when too long, the whole value a button away. */
const text = (v: string | null | undefined, label: string) =>
  v === null || v === undefined || v === '' ? dash : <LongValue value={v} label={label} />;
const time = (iso: string) => <span className="whitespace-nowrap tabular">{formatTimestamp(iso)}</span>;

const METRICS: { id: keyof ReportMetrics; header: string; format: (n: number) => string }[] = [
  { id: 'clicks', header: 'Clicks', format: formatInteger },
  { id: 'conversions', header: 'Conversions', format: formatInteger },
  { id: 'partials', header: 'Partials', format: formatInteger },
  { id: 'upsells', header: 'Upsells', format: formatInteger },
  { id: 'cvr', header: 'CVR', format: formatPercent },
  { id: 'earnings', header: 'Earnings', format: formatMoney },
  { id: 'epc', header: 'EPC', format: formatEpc },
];

const metricColumns = <Row extends ReportMetrics>(): Column<Row>[] =>
  METRICS.map((m) => ({
    id: m.id,
    header: m.header,
    sortKey: m.id,
    align: 'right' as const,
    cell: (r: Row) => m.format(r[m.id]),
  }));

/** The totals row's cell for a column: the metric, 'Total' in the first column, nothing elsewhere. */
export function totalsCell(columnId: string, firstColumnId: string, totals: ReportMetrics | undefined): string | null {
  if (columnId === firstColumnId) return 'Total';
  const m = METRICS.find((x) => x.id === columnId);
  return m && totals ? m.format(totals[m.id]) : null;
}

function drillColumn<Row>(
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

const offerLink = (offerId: number, name: string) => (
  <Link to={paths.offer(offerId)} className="font-medium text-accent hover:underline">
    {name}
  </Link>
);

const campaign: ReportDefinition<CampaignReportRow> = {
  type: 'campaign',
  label: 'Campaign Summary',
  rowKey: (r) => String(r.offer_id),
  defaultSort: { sort: 'campaign_id', order: 1 },
  totals: true,
  chart: null,
  columns: (ctx) => [
    {
      id: 'campaign_name',
      header: 'Campaign',
      sortKey: 'campaign_name',
      primary: true,
      width: '22%',
      cell: (r) => offerLink(r.offer_id, r.campaign_name),
    },
    // campaign_id is the offer's id: the default sort (docs/limits.md) shows its arrow here.
    {
      id: 'offer_id',
      header: 'Offer ID',
      sortKey: 'campaign_id',
      align: 'right',
      width: '6.5rem',
      cell: (r) => r.offer_id,
    },
    ...metricColumns<CampaignReportRow>(),
    drillColumn(
      (r) => `Drill down on ${r.campaign_name}`,
      () => [
        { value: 'daily', label: 'Daily' },
        { value: 'hourly', label: 'Hourly' },
      ],
      (r, to) => ctx.onDrill(drillTarget(to, ctx.filters, { offerId: r.offer_id }), { offer: r.campaign_name }),
    ),
  ],
};

const daily: ReportDefinition<DailyReportRow> = {
  type: 'daily',
  label: 'Daily Summary',
  rowKey: (r) => r.day,
  defaultSort: { sort: 'day', order: 1 },
  totals: true,
  chart: 'day',
  columns: (ctx) => [
    {
      id: 'day',
      header: 'Day',
      sortKey: 'day',
      primary: true,
      width: '16%',
      cell: (r) => <span className="tabular">{r.day}</span>,
    },
    ...metricColumns<DailyReportRow>(),
    drillColumn(
      (r) => `Drill down on ${r.day}`,
      () => [
        { value: 'campaign', label: 'Campaign' },
        { value: 'hourly', label: 'Hourly' },
      ],
      (r, to) => ctx.onDrill(drillTarget(to, ctx.filters, { day: r.day })),
    ),
  ],
};

const hourly: ReportDefinition<HourlyReportRow> = {
  type: 'hourly',
  label: 'Hourly Summary',
  rowKey: (r) => r.hour,
  defaultSort: { sort: 'hour', order: 1 },
  totals: true,
  chart: 'hour',
  columns: (ctx) => [
    {
      id: 'hour',
      header: 'Hour',
      sortKey: 'hour',
      primary: true,
      width: '22%',
      cell: (r) => <span className="tabular">{formatHour(r.hour, ctx.hourOffsets)}</span>,
    },
    ...metricColumns<HourlyReportRow>(),
  ],
};

const landingPage: ReportDefinition<LandingPageReportRow> = {
  type: 'landing-page',
  label: 'Landing Page Summary',
  rowKey: (r) => `${r.offer_id}:${r.landing_page_id ?? 'none'}`,
  defaultSort: { sort: 'landing_page_id', order: 1 },
  totals: true,
  chart: null,
  columns: (ctx) => [
    {
      id: 'landing_page_name',
      header: 'Landing Page',
      sortKey: 'landing_page_name',
      primary: true,
      width: '16%',
      cell: (r) => text(r.landing_page_name, 'Landing page'),
    },
    {
      id: 'landing_page_id',
      header: 'Landing Page ID',
      sortKey: 'landing_page_id',
      align: 'right',
      width: '7rem',
      cell: (r) => r.landing_page_id ?? dash,
    },
    {
      id: 'offer_name',
      header: 'Offer',
      sortKey: 'offer_name',
      width: '16%',
      cell: (r) => offerLink(r.offer_id, r.offer_name),
    },
    { id: 'offer_id', header: 'Offer ID', sortKey: 'offer_id', align: 'right', width: '6rem', cell: (r) => r.offer_id },
    ...metricColumns<LandingPageReportRow>(),
    drillColumn(
      (r) => `Drill down on ${r.landing_page_name ?? r.offer_name}`,
      () => [
        { value: 'campaign', label: 'Campaign' },
        { value: 'daily', label: 'Daily' },
        { value: 'hourly', label: 'Hourly' },
      ],
      (r, to) =>
        ctx.onDrill(drillTarget(to, ctx.filters, { offerId: r.offer_id, landingPageId: r.landing_page_id }), {
          offer: r.offer_name,
          ...(r.landing_page_name ? { landingPage: r.landing_page_name } : {}),
        }),
    ),
  ],
};

const subId: ReportDefinition<SubIdReportRow> = {
  type: 'sub-id',
  label: 'Sub-Affiliate Summary',
  rowKey: (r) => r.sub_id ?? '\u0000none',
  defaultSort: { sort: 'pub_sub_1', order: 1 },
  totals: true,
  chart: null,
  columns: (ctx) => [
    {
      id: 'sub_id',
      header: 'Sub ID',
      sortKey: 'pub_sub_1',
      primary: true,
      width: '20%',
      cell: (r) =>
        r.sub_id === null ? (
          <span className="text-slate-500">(none)</span>
        ) : (
          <LongValue value={r.sub_id} label="Sub ID" />
        ),
    },
    ...metricColumns<SubIdReportRow>(),
    drillColumn(
      (r) => `Drill down on ${r.sub_id ?? 'clicks without a sub ID'}`,
      () => [{ value: 'campaign', label: 'Campaign (one day)' }],
      (_r, to) => ctx.onDrill(drillTarget(to, ctx.filters, { oneDay: true })),
    ),
  ],
};

const subIdCells = <
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

const conversion: ReportDefinition<ConversionReportRow> = {
  type: 'conversion',
  label: 'Conversion Report',
  dense: true,
  rowKey: (r) => r.conversion_id,
  defaultSort: { sort: 'timestamp', order: 1 },
  totals: false,
  chart: null,
  columns: () => [
    {
      id: 'timestamp',
      header: 'Time',
      sortKey: 'timestamp',
      primary: true,
      width: '12.25rem',
      cell: (r) => time(r.timestamp),
    },
    {
      id: 'click_time',
      header: 'Click Time',
      sortKey: 'click_time',
      width: '12.25rem',
      cell: (r) => time(r.click_time),
    },
    {
      id: 'offer_id',
      header: 'Offer ID',
      sortKey: 'offer_id',
      align: 'right',
      width: '4.5rem',
      cell: (r) => r.offer_id,
    },
    {
      id: 'offer_name',
      header: 'Offer',
      sortKey: 'offer_name',
      width: '11%',
      cell: (r) => offerLink(r.offer_id, r.offer_name),
    },
    {
      id: 'event_id',
      header: 'Event ID',
      sortKey: 'event_id',
      align: 'right',
      width: '4.5rem',
      cell: (r) => r.event_id,
    },
    ...subIdCells<ConversionReportRow>(),
    { id: 'pub_source', header: 'Source', sortKey: 'pub_source', cell: (r) => text(r.pub_source, 'Source') },
    {
      id: 'earnings',
      header: 'Earnings',
      sortKey: 'earnings',
      align: 'right',
      width: '6rem',
      cell: (r) => formatMoney(r.earnings),
    },
  ],
};

const click: ReportDefinition<ClickReportRow> = {
  type: 'click',
  label: 'Click Report',
  dense: true,
  rowKey: (r) => r.click_id,
  defaultSort: { sort: 'timestamp', order: -1 },
  totals: false,
  chart: null,
  columns: () => [
    {
      id: 'timestamp',
      header: 'Time',
      sortKey: 'timestamp',
      primary: true,
      width: '12.25rem',
      cell: (r) => time(r.timestamp),
    },
    {
      id: 'offer_name',
      header: 'Offer',
      sortKey: 'offer_name',
      width: '13%',
      cell: (r) => offerLink(r.offer_id, r.offer_name),
    },
    ...subIdCells<ClickReportRow>(),
    { id: 'pub_click_id', header: 'Click ID', sortKey: 'pub_click_id', cell: (r) => text(r.pub_click_id, 'Click ID') },
    { id: 'pub_source', header: 'Source', sortKey: 'pub_source', cell: (r) => text(r.pub_source, 'Source') },
    {
      id: 'ip_address',
      header: 'IP Address',
      sortKey: 'ip_address',
      width: '8.5rem',
      cell: (r) => <span className="tabular">{text(r.ip_address, 'IP address')}</span>,
    },
    {
      id: 'has_conversion',
      header: 'Conversion',
      sortKey: 'has_conversion',
      width: '6.5rem',
      cell: (r) => (r.has_conversion ? 'Yes' : 'No'),
    },
  ],
};

const referral: ReportDefinition<ReferralReportRow> = {
  type: 'referral',
  label: 'Referral Report',
  rowKey: (r) => `${r.referred_publisher_id}:${r.offer_id}`,
  defaultSort: { sort: 'referred_publisher_name', order: 1 },
  totals: false,
  chart: null,
  columns: (ctx) => [
    {
      id: 'referred_publisher_name',
      header: 'Referred Publisher',
      sortKey: 'referred_publisher_name',
      primary: true,
      width: '24%',
      cell: (r) => r.referred_publisher_name,
    },
    { id: 'offer_name', header: 'Offer', sortKey: 'offer_name', width: '24%', cell: (r) => r.offer_name },
    {
      id: 'conversions',
      header: 'Conversions',
      sortKey: 'conversions',
      align: 'right',
      cell: (r) => formatInteger(r.conversions),
    },
    {
      id: 'commission_amount',
      header: 'Commission',
      sortKey: 'commission_amount',
      align: 'right',
      cell: (r) => formatMoney(r.commission_amount),
    },
    {
      id: 'payout_amount_total',
      header: 'Payout Total',
      sortKey: 'payout_amount_total',
      align: 'right',
      cell: (r) => formatMoney(r.payout_amount_total),
    },
    drillColumn(
      (r) => `Drill down on ${r.referred_publisher_name}`,
      () => [{ value: 'campaign', label: 'Campaign (one day)' }],
      (_r, to) => ctx.onDrill(drillTarget(to, ctx.filters, { oneDay: true })),
    ),
  ],
};

/** The eight reports of docs/screens.md, in their tab order. */
export const REPORTS = [campaign, daily, hourly, landingPage, subId, conversion, click, referral] as const;
export type AnyReportDefinition = (typeof REPORTS)[number];

const BY_TYPE = Object.fromEntries(REPORTS.map((r) => [r.type, r])) as Record<ReportType, AnyReportDefinition>;
export const reportOfType = (type: ReportType): AnyReportDefinition => BY_TYPE[type];
