import type { z } from 'zod';
import type { REPORT_ROW_SCHEMAS, ReportConversionStatus, ReportMetrics, ReportType } from '@portal/shared';
import { METRIC_COLUMNS, type SortColumn } from './reports.repository.ts';
import { localIso } from './reports.time.ts';

/** Each report's sort columns and how its SQL rows become the API's rows (docs/api.md). */

export interface Col extends SortColumn {
  /** The field of the SQL row holding the value the cursor carries. */
  field: string;
}

const c = (expr: string, cast: Col['cast'], field = expr): Col => ({ expr, cast, field });
const metrics = Object.fromEntries(Object.entries(METRIC_COLUMNS).map(([k, v]) => [k, { ...v, field: k }])) as Record<
  string,
  Col
>;
const subCols = (prefix: string) =>
  Object.fromEntries(
    [1, 2, 3, 4, 5].map((i) => [`sub_id_${i}`, c(`coalesce(${prefix}s${i}, '')`, 'text', `s${i}`)]),
  ) as Record<string, Col>;

/** Sort key → SQL column, and the unique tie-breakers, per report. Only these ever reach SQL. */
export const SORTS: Record<ReportType, { cols: Record<string, Col>; ties: Col[] }> = {
  campaign: {
    cols: {
      campaign_id: c('offer_id', 'int'),
      offer_id: c('offer_id', 'int'),
      campaign_name: c('campaign_name', 'text'),
      ...metrics,
    },
    ties: [c('offer_id', 'int')],
  },
  daily: { cols: { day: c('day', 'text'), ...metrics }, ties: [c('day', 'text')] },
  hourly: { cols: { hour: c('hour_start', 'timestamptz'), ...metrics }, ties: [c('hour_start', 'timestamptz')] },
  'landing-page': {
    cols: {
      landing_page_id: c('landing_page_id', 'int'),
      landing_page_name: c('landing_page_name', 'text'),
      offer_id: c('offer_id', 'int'),
      offer_name: c('offer_name', 'text'),
      ...metrics,
    },
    ties: [c('landing_page_id', 'int'), c('offer_id', 'int')],
  },
  'sub-id': {
    cols: { pub_sub_1: c('sub_id', 'text'), sub_id: c('sub_id', 'text'), ...metrics },
    ties: [c('sub_id', 'text')],
  },
  conversion: {
    cols: {
      timestamp: c('c.created_at', 'timestamptz', 'created_at'),
      click_time: c('c.click_created_at', 'timestamptz', 'click_created_at'),
      offer_id: c('c.offer_id', 'int', 'offer_id'),
      offer_name: c("coalesce(o.name, '')", 'text', 'offer_name'),
      event_id: c('c.event_id', 'int', 'event_id'),
      ...subCols('c.'),
      pub_source: c("coalesce(c.pub_source, '')", 'text', 'pub_source'),
      earnings: c('c.payout', 'numeric', 'earnings'),
    },
    ties: [c('c.id', 'uuid', 'conversion_id')],
  },
  click: {
    cols: {
      timestamp: c('c.created_at', 'timestamptz', 'created_at'),
      offer_name: c("coalesce(o.name, '')", 'text', 'offer_name'),
      ...subCols('c.'),
      pub_click_id: c("coalesce(c.pub_click_id, '')", 'text', 'pub_click_id'),
      pub_source: c("coalesce(c.pub_source, '')", 'text', 'pub_source'),
      ip_address: c("coalesce(c.ip, '')", 'text', 'ip'),
      has_conversion: c('c.has_conversion::int', 'int', 'has_conversion'),
    },
    ties: [c('c.id', 'uuid', 'click_id')],
  },
  referral: {
    cols: {
      referred_publisher_name: c('referred_publisher_name', 'text'),
      offer_name: c('offer_name', 'text'),
      conversions: c('conversions', 'numeric'),
      commission_amount: c('commission_amount', 'numeric'),
      payout_amount_total: c('payout_amount_total', 'numeric'),
    },
    ties: [c('referred_publisher_id', 'int'), c('offer_id', 'int')],
  },
};

export const cursorValue = (v: unknown): string | number | null => {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' || typeof v === 'string') return v;
  return v == null ? '' : String(v);
};

const num = (v: unknown) => Number(v ?? 0);
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
const nullIfEmpty = (v: unknown) => (v == null || v === '' ? null : String(v));

export function metricsOf(r: Record<string, unknown>): ReportMetrics {
  return {
    clicks: num(r['clicks']),
    conversions: num(r['conversions']),
    partials: num(r['partials']),
    upsells: num(r['upsells']),
    cvr: num(r['cvr']),
    earnings: num(r['earnings']),
    epc: num(r['epc']),
  };
}

export type AnyReportRow = z.infer<(typeof REPORT_ROW_SCHEMAS)[ReportType]>;

/** Maps SQL rows to the API rows of docs/api.md, in one place. */
export function toApiRow(type: ReportType, r: Record<string, unknown>, tz: string): AnyReportRow {
  switch (type) {
    case 'campaign':
      return { offer_id: num(r['offer_id']), campaign_name: String(r['campaign_name']), ...metricsOf(r) };
    case 'daily':
      return { day: String(r['day']), ...metricsOf(r) };
    case 'hourly':
      return { hour: localIso(tz, ms(r['hour_start'])), ...metricsOf(r) };
    case 'landing-page':
      return {
        landing_page_id: num(r['landing_page_id']) || null,
        landing_page_name: nullIfEmpty(r['landing_page_name']),
        offer_id: num(r['offer_id']),
        offer_name: String(r['offer_name']),
        ...metricsOf(r),
      };
    case 'sub-id':
      return { sub_id: nullIfEmpty(r['sub_id']), ...metricsOf(r) };
    case 'conversion':
      return {
        conversion_id: String(r['conversion_id']),
        timestamp: localIso(tz, ms(r['created_at'])),
        click_time: localIso(tz, ms(r['click_created_at'])),
        offer_id: num(r['offer_id']),
        offer_name: String(r['offer_name']),
        event_id: num(r['event_id']),
        event_type: String(r['event_type']),
        sub_id_1: nullIfEmpty(r['s1']),
        sub_id_2: nullIfEmpty(r['s2']),
        sub_id_3: nullIfEmpty(r['s3']),
        sub_id_4: nullIfEmpty(r['s4']),
        sub_id_5: nullIfEmpty(r['s5']),
        pub_source: nullIfEmpty(r['pub_source']),
        earnings: num(r['earnings']),
        status: r['status'] as ReportConversionStatus,
        status_reason: nullIfEmpty(r['status_reason']),
      };
    case 'click':
      return {
        click_id: String(r['click_id']),
        timestamp: localIso(tz, ms(r['created_at'])),
        offer_id: num(r['offer_id']),
        offer_name: String(r['offer_name']),
        sub_id_1: nullIfEmpty(r['s1']),
        sub_id_2: nullIfEmpty(r['s2']),
        sub_id_3: nullIfEmpty(r['s3']),
        sub_id_4: nullIfEmpty(r['s4']),
        sub_id_5: nullIfEmpty(r['s5']),
        pub_click_id: nullIfEmpty(r['pub_click_id']),
        pub_source: nullIfEmpty(r['pub_source']),
        ip_address: nullIfEmpty(r['ip']),
        has_conversion: Boolean(r['has_conversion']),
      };
    case 'referral':
      return {
        referred_publisher_id: num(r['referred_publisher_id']),
        referred_publisher_name: String(r['referred_publisher_name']),
        offer_id: num(r['offer_id']),
        offer_name: String(r['offer_name']),
        conversions: num(r['conversions']),
        commission_amount: num(r['commission_amount']),
        payout_amount_total: num(r['payout_amount_total']),
      };
  }
}
