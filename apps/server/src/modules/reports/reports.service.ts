import type { RawBuilder } from 'kysely';
import {
  ERROR_CODES,
  decodeCursor,
  encodeCursor,
  type ReportFilters,
  type ReportType,
  type SortOrder,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { eventsService } from '../events/events.service.ts';
import { networkFiguresRepository, type NetworkSums } from './network-figures.repository.ts';
import { offerMetrics, reportsRepository, type PageQuery, type RangeFilter } from './reports.repository.ts';
import { cursorValue, metricsOf, SORTS, toApiRow } from './reports.rows.ts';
import {
  cover,
  coverByLocalDays,
  coverByLocalHours,
  localDate,
  localRange,
  mondayOf,
  type Segment,
} from './reports.time.ts';

export type { NetworkSums };

/** The longest date range a report accepts, in days (a 422 beyond). */
export const MAX_RANGE_DAYS = 1100;

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
  /** The conversion report's status filter (null: every status). */
  statuses: readonly string[] | null;
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
  statuses: s.statuses,
  from: s.from,
  to: s.to,
});

export const reportsService = {
  /**
   * Who is asking, in which zone, for which local days (today when no range is given). `type`: the
   * report asked for, when the filters are its own (only the conversion report takes a status).
   */
  async scope(
    ctx: AppContext,
    auth: PublisherAuth,
    filters: ReportFilters | null | undefined,
    type?: ReportType,
  ): Promise<ReportScope> {
    if (filters?.status?.length && type !== 'conversion')
      throw fieldError('filters.status', ERROR_CODES.BAD_FORMAT, 'Only the conversion report filters by status.');
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
      statuses: filters?.status?.length ? filters.status : null,
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

  /**
   * The totals row of a summary report: the same rollup rows, not grouped; and the pending
   * conversions of the same range and filters from the raw rows.
   */
  async total(ctx: AppContext, scope: ReportScope) {
    const dataAsOf = new Date().toISOString();
    // Every event of the range is in each grain once, so the coarsest cover gives the same sums as
    // the report's own (day- or hour-aligned) segments; and in each rollup once, so the sub-ID
    // total is the publisher's total (events without a sub ID are the row with none).
    const f = rangeFilter(scope, cover(scope.from, scope.to));
    await eventsService.settleBeforeRead(ctx);
    const t = await reportsRepository.summaryTotal(ctx.db, f);
    const pending = await reportsRepository.pendingTotal(ctx.db, f);
    return {
      data: { ...metricsOf(t as unknown as Record<string, unknown>), ...pending },
      timezone: scope.timezone,
      data_as_of: dataAsOf,
    };
  },

  /** Earnings since Monday (week) or the 1st (month) of the user's zone, up to now, and the pending ones. */
  async revenueToDate(ctx: AppContext, auth: PublisherAuth, period: 'week' | 'month') {
    const dataAsOf = new Date().toISOString();
    const timezone = await accountsService.timezoneOf(ctx, auth.userId);
    const today = localDate(timezone, Date.now());
    const start = period === 'week' ? mondayOf(today) : `${today.slice(0, 8)}01`;
    const { from, to } = localRange(timezone, start, today);
    await eventsService.settleBeforeRead(ctx);
    const f: RangeFilter = {
      publisherId: auth.publisherId,
      from,
      to,
      segments: cover(from, to),
      offerIds: null,
      landingPageIds: null,
    };
    const t = await reportsRepository.summaryTotal(ctx.db, f);
    const { pending_earnings } = await reportsRepository.pendingTotal(ctx.db, f);
    return { revenue: Number(t.earnings), pending: pending_earnings, start, timezone, data_as_of: dataAsOf };
  },

  /**
   * The network's today and month to date (UTC days: today from midnight, the month from the 1st,
   * both up to now), over every publisher, every event committed so far counted: sums of the
   * publisher rollup's day rows, so the cost grows with publishers and days, not with events.
   */
  async networkToDate(ctx: AppContext, now = Date.now()) {
    const dataAsOf = new Date(now).toISOString();
    const today = dataAsOf.slice(0, 10);
    const monthStart = `${today.slice(0, 8)}01`;
    const day = new Date(`${today}T00:00:00Z`);
    await eventsService.settleBeforeRead(ctx);
    const sums = await networkFiguresRepository.days(
      ctx.db,
      new Date(`${monthStart}T00:00:00Z`),
      day,
      new Date(day.getTime() + 86_400_000),
    );
    return { timezone: 'UTC' as const, today, month_start: monthStart, data_as_of: dataAsOf, ...sums };
  },

  /**
   * A publisher's month to date for the console (clicks, conversions, what they earned), from the
   * 1st of the month in `timezone` up to now, every event committed so far counted.
   */
  async publisherMonthToDate(ctx: AppContext, publisherId: number, timezone: string) {
    const today = localDate(timezone, Date.now());
    const start = `${today.slice(0, 8)}01`;
    const { from, to } = localRange(timezone, start, today);
    await eventsService.settleBeforeRead(ctx);
    const t = await reportsRepository.summaryTotal(ctx.db, {
      publisherId,
      from,
      to,
      segments: cover(from, to),
      offerIds: null,
      landingPageIds: null,
    });
    return {
      start,
      timezone,
      clicks: Number(t.clicks),
      conversions: Number(t.conversions),
      payout: Number(t.earnings),
    };
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
