import { z } from 'zod';
import { dateRangeSchema, listCursorSchema, listRequestSchema } from '../common/list.ts';
import { REPORT_CONVERSION_STATUSES } from './reports.constants.ts';

export * from './reports.constants.ts';

/**
 * Reports of docs/api.md (docs/reports.md). Every answer also states the time zone its days and hours
 * are in and the instant its data is complete to (`data_as_of`), so a publisher can reconcile it
 * with their own tracker.
 */

const idList = z.array(z.number().int().positive()).max(500).nullish();

/**
 * Report filters (docs/api.md "Report filters"); `offer_id: null` is the dashboard's "all offers".
 * `status` narrows the conversion report (and its export) to those statuses; no other report takes it.
 */
export const reportFiltersSchema = z
  .strictObject({
    date_range: dateRangeSchema.nullish(),
    offer_id: idList,
    landing_page_id: idList,
    status: z.array(z.enum(REPORT_CONVERSION_STATUSES)).max(REPORT_CONVERSION_STATUSES.length).nullish(),
  })
  .default({});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const SUMMARY_REPORT_TYPES = ['campaign', 'daily', 'hourly', 'landing-page', 'sub-id'] as const;
export type SummaryReportType = (typeof SUMMARY_REPORT_TYPES)[number];
export const REPORT_TYPES = [...SUMMARY_REPORT_TYPES, 'conversion', 'click', 'referral'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const METRIC_SORTS = ['clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'] as const;

/** Accepted sort keys per report (anything else is a 422) and the defaults of docs/limits.md. */
export const REPORT_SORTS = {
  campaign: ['campaign_id', 'offer_id', 'campaign_name', ...METRIC_SORTS],
  daily: ['day', ...METRIC_SORTS],
  hourly: ['hour', ...METRIC_SORTS],
  'landing-page': ['landing_page_id', 'landing_page_name', 'offer_id', 'offer_name', ...METRIC_SORTS],
  'sub-id': ['pub_sub_1', 'sub_id', ...METRIC_SORTS],
  conversion: [
    'timestamp',
    'click_time',
    'offer_id',
    'offer_name',
    'event_id',
    'sub_id_1',
    'sub_id_2',
    'sub_id_3',
    'sub_id_4',
    'sub_id_5',
    'pub_source',
    'earnings',
  ],
  click: [
    'timestamp',
    'offer_name',
    'sub_id_1',
    'sub_id_2',
    'sub_id_3',
    'sub_id_4',
    'sub_id_5',
    'pub_click_id',
    'pub_source',
    'ip_address',
    'has_conversion',
  ],
  referral: ['referred_publisher_name', 'offer_name', 'conversions', 'commission_amount', 'payout_amount_total'],
} as const satisfies Record<ReportType, readonly [string, ...string[]]>;

export const REPORT_DEFAULT_SORT: { [K in ReportType]: { sort: (typeof REPORT_SORTS)[K][number]; order: 1 | -1 } } = {
  campaign: { sort: 'campaign_id', order: 1 },
  daily: { sort: 'day', order: 1 },
  hourly: { sort: 'hour', order: 1 },
  'landing-page': { sort: 'landing_page_id', order: 1 },
  'sub-id': { sort: 'pub_sub_1', order: 1 },
  conversion: { sort: 'timestamp', order: 1 },
  click: { sort: 'timestamp', order: -1 },
  referral: { sort: 'referred_publisher_name', order: 1 },
};

export const reportRequestSchema = <T extends ReportType>(type: T) =>
  listRequestSchema({
    filters: reportFiltersSchema,
    sorts: REPORT_SORTS[type],
    defaultSort: REPORT_DEFAULT_SORT[type].sort,
    defaultOrder: REPORT_DEFAULT_SORT[type].order,
  });
export type ReportRequest = z.infer<ReturnType<typeof reportRequestSchema>>;

/** `report-total/*`: the same request without a cursor (sort and order are accepted and ignored). */
export const reportTotalRequestSchema = <T extends SummaryReportType>(type: T) =>
  reportRequestSchema(type).omit({ cursor: true });

export const reportMetricsSchema = z.object({
  clicks: z.number(),
  conversions: z.number(),
  partials: z.number(),
  upsells: z.number(),
  /** conversions / clicks × 100, 2 decimals, 0 when no clicks. */
  cvr: z.number(),
  earnings: z.number(),
  /** earnings / clicks, 4 decimals, 0 when no clicks. */
  epc: z.number(),
});
export type ReportMetrics = z.infer<typeof reportMetricsSchema>;

export const campaignReportRowSchema = reportMetricsSchema.extend({
  offer_id: z.number().int(),
  campaign_name: z.string(),
});
export const dailyReportRowSchema = reportMetricsSchema.extend({ day: z.string() });
/** `hour`: local start of the hour with its UTC offset (ISO 8601), so the repeated hour of a DST day is two rows. */
export const hourlyReportRowSchema = reportMetricsSchema.extend({ hour: z.string() });
export const landingPageReportRowSchema = reportMetricsSchema.extend({
  landing_page_id: z.number().int().nullable(),
  landing_page_name: z.string().nullable(),
  offer_id: z.number().int(),
  offer_name: z.string(),
});
export const subIdReportRowSchema = reportMetricsSchema.extend({ sub_id: z.string().nullable() });

export const conversionReportRowSchema = z.object({
  conversion_id: z.string(),
  timestamp: z.string(),
  click_time: z.string(),
  offer_id: z.number().int(),
  offer_name: z.string(),
  event_id: z.number().int(),
  event_type: z.string(),
  sub_id_1: z.string().nullable(),
  sub_id_2: z.string().nullable(),
  sub_id_3: z.string().nullable(),
  sub_id_4: z.string().nullable(),
  sub_id_5: z.string().nullable(),
  pub_source: z.string().nullable(),
  earnings: z.number(),
  /** Only an approved conversion's earnings are paid; a pending one waits for the network's decision. */
  status: z.enum(REPORT_CONVERSION_STATUSES),
  /** Why it was rejected or reversed (null otherwise, or when no reason was given). */
  status_reason: z.string().nullable(),
});
export const clickReportRowSchema = z.object({
  click_id: z.string(),
  timestamp: z.string(),
  offer_id: z.number().int(),
  offer_name: z.string(),
  sub_id_1: z.string().nullable(),
  sub_id_2: z.string().nullable(),
  sub_id_3: z.string().nullable(),
  sub_id_4: z.string().nullable(),
  sub_id_5: z.string().nullable(),
  pub_click_id: z.string().nullable(),
  pub_source: z.string().nullable(),
  ip_address: z.string().nullable(),
  has_conversion: z.boolean(),
});
export const referralReportRowSchema = z.object({
  referred_publisher_id: z.number().int(),
  referred_publisher_name: z.string(),
  offer_id: z.number().int(),
  offer_name: z.string(),
  conversions: z.number(),
  commission_amount: z.number(),
  payout_amount_total: z.number(),
});

export const REPORT_ROW_SCHEMAS = {
  campaign: campaignReportRowSchema,
  daily: dailyReportRowSchema,
  hourly: hourlyReportRowSchema,
  'landing-page': landingPageReportRowSchema,
  'sub-id': subIdReportRowSchema,
  conversion: conversionReportRowSchema,
  click: clickReportRowSchema,
  referral: referralReportRowSchema,
} as const;

export type CampaignReportRow = z.infer<typeof campaignReportRowSchema>;
export type DailyReportRow = z.infer<typeof dailyReportRowSchema>;
export type HourlyReportRow = z.infer<typeof hourlyReportRowSchema>;
export type LandingPageReportRow = z.infer<typeof landingPageReportRowSchema>;
export type SubIdReportRow = z.infer<typeof subIdReportRowSchema>;
export type ConversionReportRow = z.infer<typeof conversionReportRowSchema>;
export type ClickReportRow = z.infer<typeof clickReportRowSchema>;
export type ReferralReportRow = z.infer<typeof referralReportRowSchema>;

/** What every report answer states besides its rows (the "data as of" of the issue). */
export const reportContextSchema = z.object({
  /** IANA zone the date range, days and hours are in. */
  timezone: z.string(),
  /** Every event stored before this instant (ISO 8601, UTC) is counted. */
  data_as_of: z.string(),
});

export const reportResponseSchema = <T extends z.ZodType>(row: T) =>
  reportContextSchema.extend({ data: z.array(row), cursor: listCursorSchema });

/**
 * A total also says what waits for the network's decision over the same range and filters: the
 * pending conversions (of every event type) and what they would earn if approved.
 */
export const reportTotalsSchema = reportMetricsSchema.extend({
  pending_conversions: z.number(),
  pending_earnings: z.number(),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;
export const reportTotalResponseSchema = reportContextSchema.extend({ data: reportTotalsSchema });
export type ReportTotalResponse = z.infer<typeof reportTotalResponseSchema>;

/** `week-to-date-summary` / `month-to-date-summary`: earnings since Monday / the 1st, in the user's zone. */
/** `revenue`: approved earnings; `pending`: what the period's pending conversions would earn if approved. */
export const revenueSummaryResponseSchema = reportContextSchema.extend({
  revenue: z.number(),
  pending: z.number(),
  start: z.string(),
});
export type RevenueSummaryResponse = z.infer<typeof revenueSummaryResponseSchema>;
