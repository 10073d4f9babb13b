import type { ClickReportRow, ConversionReportRow, ReferralReportRow } from '@portal/shared/reports/reports.schemas';
import { formatInteger, formatMoney } from '../../lib/format.ts';
import { drillColumn, offerLink, subIdCells, text, time, type ReportDefinition } from './report-columns.tsx';
import { ConversionStatusCell } from './conversion-status.tsx';
import { drillTarget } from './report-filters.ts';

/** The row-by-row reports: each conversion, each click, and the referral commissions. */

export const conversion: ReportDefinition<ConversionReportRow> = {
  type: 'conversion',
  label: 'Conversion Report',
  dense: true,
  rowKey: (r) => r.conversion_id,
  defaultSort: { sort: 'timestamp', order: 1 },
  totals: false,
  chart: null,
  columns: (ctx) => [
    {
      id: 'timestamp',
      header: 'Time',
      sortKey: 'timestamp',
      primary: true,
      width: '12.25rem',
      cell: (r) => time(r.timestamp, ctx.timeZone),
    },
    {
      id: 'click_time',
      header: 'Click Time',
      sortKey: 'click_time',
      width: '12.25rem',
      cell: (r) => time(r.click_time, ctx.timeZone),
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
    {
      id: 'status',
      header: 'Status',
      // Room for a reason on two lines ("Applicant declined by the issuer"), not four.
      width: '8.5rem',
      cell: (r) => <ConversionStatusCell status={r.status} reason={r.status_reason} />,
    },
  ],
};

export const click: ReportDefinition<ClickReportRow> = {
  type: 'click',
  label: 'Click Report',
  dense: true,
  rowKey: (r) => r.click_id,
  defaultSort: { sort: 'timestamp', order: -1 },
  totals: false,
  chart: null,
  columns: (ctx) => [
    {
      id: 'timestamp',
      header: 'Time',
      sortKey: 'timestamp',
      primary: true,
      width: '12.25rem',
      cell: (r) => time(r.timestamp, ctx.timeZone),
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

export const referral: ReportDefinition<ReferralReportRow> = {
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
