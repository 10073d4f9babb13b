import type {
  CampaignReportRow,
  DailyReportRow,
  HourlyReportRow,
  LandingPageReportRow,
  SubIdReportRow,
} from '@portal/shared/reports/reports.schemas';
import { dash, drillColumn, metricColumns, offerLink, text, type ReportDefinition } from './report-columns.tsx';
import { drillTarget } from './report-filters.ts';
import { formatHour } from './report-formats.ts';

/** The summary reports: a row per offer, day, hour, landing page or sub ID, with the metrics. */

export const campaign: ReportDefinition<CampaignReportRow> = {
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

export const daily: ReportDefinition<DailyReportRow> = {
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

export const hourly: ReportDefinition<HourlyReportRow> = {
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

export const landingPage: ReportDefinition<LandingPageReportRow> = {
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

export const subId: ReportDefinition<SubIdReportRow> = {
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
      cell: (r) => (r.sub_id === null ? <span className="text-slate-500">(none)</span> : text(r.sub_id, 'Sub ID')),
    },
    ...metricColumns<SubIdReportRow>(),
    drillColumn(
      (r) => `Drill down on ${r.sub_id ?? 'clicks without a sub ID'}`,
      () => [{ value: 'campaign', label: 'Campaign (one day)' }],
      (_r, to) => ctx.onDrill(drillTarget(to, ctx.filters, { oneDay: true })),
    ),
  ],
};
