import type { RawBuilder } from 'kysely';
import type { z } from 'zod';
import {
  ERROR_CODES,
  type REPORT_ROW_SCHEMAS,
  decodeCursor,
  encodeCursor,
  type ReportFilters,
  type ReportMetrics,
  type ReportType,
  type SortOrder,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import type { PublisherAuth } from '../../plugins/auth.ts';
import {
  METRIC_COLUMNS,
  offerMetrics,
  reportsRepository,
  type PageQuery,
  type RangeFilter,
  type SortColumn,
} from './reports.repository.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { eventsService } from '../events/events.service.ts';
import {
  cover,
  coverByLocalDays,
  coverByLocalHours,
  localDate,
  localIso,
  localRange,
  mondayOf,
  type Segment,
} from './reports.time.ts';

/** The longest date range a report accepts, in days (a 422 beyond). */
export const MAX_RANGE_DAYS = 1100;

interface Col extends SortColumn {
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
const SORTS: Record<ReportType, { cols: Record<string, Col>; ties: Col[] }> = {
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

export interface ReportRequestLike {
  filters?: ReportFilters | null | undefined;
  sort: string;
  order: SortOrder;
  limit: number;
  cursor?: string | null | undefined;
}

export interface ReportScope {
  publisherId: number;
  timezone: string;
  start: string;
  end: string;
  from: number;
  to: number;
  offerIds: number[] | null;
  landingPageIds: number[] | null;
}

const cursorValue = (v: unknown): string | number | null => {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number' || typeof v === 'string') return v;
  return v == null ? '' : String(v);
};

const num = (v: unknown) => Number(v ?? 0);
const ms = (v: unknown) => (v instanceof Date ? v.getTime() : Date.parse(String(v)));
const nullIfEmpty = (v: unknown) => (v == null || v === '' ? null : String(v));

function metricsOf(r: Record<string, unknown>): ReportMetrics {
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
function toApiRow(type: ReportType, r: Record<string, unknown>, tz: string): AnyReportRow {
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

function segmentsFor(type: ReportType, s: ReportScope): Segment[] {
  if (type === 'daily') return coverByLocalDays(s.timezone, s.start, s.end);
  if (type === 'hourly') return coverByLocalHours(s.timezone, s.start, s.end);
  return cover(s.from, s.to);
}

const rangeFilter = (s: ReportScope, segments: Segment[]): RangeFilter => ({
  publisherId: s.publisherId,
  segments,
  offerIds: s.offerIds,
  landingPageIds: s.landingPageIds,
  from: s.from,
  to: s.to,
});

export const reportsService = {
  /** Who is asking, in which zone, for which local days (today when no range is given). */
  async scope(ctx: AppContext, auth: PublisherAuth, filters: ReportFilters | null | undefined): Promise<ReportScope> {
    const timezone = await accountsService.timezoneOf(ctx, auth.userId);
    const today = localDate(timezone, Date.now());
    const start = filters?.date_range?.start ?? today;
    const end = filters?.date_range?.end ?? today;
    if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > MAX_RANGE_DAYS) {
      throw fieldError('filters.date_range', ERROR_CODES.BAD_FORMAT, `A report covers at most ${MAX_RANGE_DAYS} days.`);
    }
    const { from, to } = localRange(timezone, start, end);
    return {
      publisherId: auth.publisherId,
      timezone,
      start,
      end,
      from,
      to,
      offerIds: filters?.offer_id?.length ? filters.offer_id : null,
      landingPageIds: filters?.landing_page_id?.length ? filters.landing_page_id : null,
    };
  },

  /** One page of a report, with the cursor of the next. */
  async page(ctx: AppContext, type: ReportType, scope: ReportScope, req: ReportRequestLike) {
    const dataAsOf = new Date().toISOString();
    const spec = SORTS[type];
    const sort = spec.cols[req.sort];
    if (!sort) throw fieldError('sort', ERROR_CODES.BAD_FORMAT, 'Unknown sort column.');
    const arity = 1 + spec.ties.length;
    let after: (string | number | null)[] | null = null;
    if (req.cursor) {
      after = decodeCursor(req.cursor, { sort: req.sort, order: req.order, arity });
      if (!after) throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Malformed cursor.');
    }
    const q: PageQuery = { sort, ties: spec.ties, order: req.order, after, limit: req.limit };
    const f = rangeFilter(scope, type === 'conversion' || type === 'click' ? [] : segmentsFor(type, scope));
    // Clicks reach their table and every event the rollups through the settle: run it, so the page
    // counts every event committed before it was asked for (conversions are written at once).
    if (type !== 'conversion') await eventsService.settleBeforeRead(ctx);
    let rows: Record<string, unknown>[];
    if (type === 'conversion') rows = await reportsRepository.conversionPage(ctx.db, f, q);
    else if (type === 'click') rows = await reportsRepository.clickPage(ctx.db, f, q);
    else if (type === 'referral')
      rows = await reportsRepository.referralPage(
        ctx.db,
        scope.publisherId,
        f,
        ctx.config.REFERRAL_COMMISSION_PERCENT,
        q,
      );
    else rows = await reportsRepository.summaryPage(ctx.db, type, f, q);
    const hasMore = rows.length > req.limit;
    const pageRows = hasMore ? rows.slice(0, req.limit) : rows;
    const last = pageRows[pageRows.length - 1];
    const next =
      hasMore && last
        ? encodeCursor({
            sort: req.sort,
            order: req.order,
            values: [sort, ...spec.ties].map((col) => cursorValue(last[col.field])),
          })
        : null;
    return {
      data: pageRows.map((r) => toApiRow(type, r, scope.timezone)),
      cursor: { next },
      timezone: scope.timezone,
      data_as_of: dataAsOf,
    };
  },

  /** The totals row of a summary report: the same rollup rows, not grouped. */
  async total(ctx: AppContext, scope: ReportScope) {
    const dataAsOf = new Date().toISOString();
    // Every event of the range is in each grain once, so the coarsest cover gives the same sums as
    // the report's own (day- or hour-aligned) segments; and in each rollup once, so the sub-ID
    // total is the publisher's total (events without a sub ID are the row with none).
    const f = rangeFilter(scope, cover(scope.from, scope.to));
    await eventsService.settleBeforeRead(ctx);
    const t = await reportsRepository.summaryTotal(ctx.db, f);
    return { data: metricsOf(t as unknown as Record<string, unknown>), timezone: scope.timezone, data_as_of: dataAsOf };
  },

  /** Earnings since Monday (week) or the 1st (month) of the user's zone, up to now. */
  async revenueToDate(ctx: AppContext, auth: PublisherAuth, period: 'week' | 'month') {
    const dataAsOf = new Date().toISOString();
    const timezone = await accountsService.timezoneOf(ctx, auth.userId);
    const today = localDate(timezone, Date.now());
    const start = period === 'week' ? mondayOf(today) : `${today.slice(0, 8)}01`;
    const { from, to } = localRange(timezone, start, today);
    await eventsService.settleBeforeRead(ctx);
    const t = await reportsRepository.summaryTotal(ctx.db, {
      publisherId: auth.publisherId,
      from,
      to,
      segments: cover(from, to),
      offerIds: null,
      landingPageIds: null,
    });
    return { revenue: Number(t.earnings), start, timezone, data_as_of: dataAsOf };
  },

  /**
   * Clicks, unique clicks and earnings per offer over `[from, to)` (UTC instants), every event
   * committed so far counted: a subquery (offer_id, clicks, clicks_unique, earnings) My Offers joins.
   */
  async offerMetrics(ctx: AppContext, publisherId: number, from: number, to: number): Promise<RawBuilder<unknown>> {
    await eventsService.settleBeforeRead(ctx);
    return offerMetrics(publisherId, from, to);
  },

  /** Every row of a report in order, page by page (exports): memory stays at one batch. */
  async *allRows(ctx: AppContext, type: ReportType, scope: ReportScope, sort: string, order: SortOrder, batch = 5000) {
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof reportsService.page>> = await reportsService.page(ctx, type, scope, {
        sort,
        order,
        limit: batch,
        cursor,
      });
      yield page.data;
      cursor = page.cursor.next;
    } while (cursor);
  },
};
