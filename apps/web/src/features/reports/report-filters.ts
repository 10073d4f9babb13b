import { REPORT_CONVERSION_STATUSES, type ReportConversionStatus } from '@portal/shared/reports/reports.constants';
import type { ReportType } from '@portal/shared/reports/reports.schemas';
import type { DayRange } from '../../components/ui/date-range/date-range.ts';
import { isDay } from '../../components/ui/date-range/date-range.ts';

/**
 * The reports' shared filters (docs/screens.md: shared across tabs; default today → today, no offer, no
 * landing page). They live in the URL's query string, so the tabs (which keep it), drill-downs,
 * reloads and shared links all carry them.
 */
export interface ReportFilterState {
  range: DayRange;
  offers: number[];
  landingPages: number[];
  /** The conversion report's statuses (`status` in the query string); none: every status. */
  statuses?: ReportConversionStatus[];
}

const statusesOf = (v: string | null): ReportConversionStatus[] => {
  const asked = new Set((v ?? '').split(','));
  return REPORT_CONVERSION_STATUSES.filter((s) => asked.has(s));
};

const ids = (v: string | null) =>
  [
    ...new Set(
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => /^\d{1,10}$/.test(s))
        .map(Number),
    ),
  ].filter((n) => n > 0 && n <= 2_147_483_647);

export function readReportFilters(search: URLSearchParams, today: string): ReportFilterState {
  const start = search.get('start');
  const end = search.get('end');
  const range = isDay(start) && isDay(end) && start <= end ? { start, end } : { start: today, end: today };
  const statuses = statusesOf(search.get('status'));
  return {
    range,
    offers: ids(search.get('offer')),
    landingPages: ids(search.get('lp')),
    ...(statuses.length ? { statuses } : {}),
  };
}

export function writeReportFilters(f: ReportFilterState): string {
  const q = new URLSearchParams({ start: f.range.start, end: f.range.end });
  if (f.offers.length) q.set('offer', f.offers.join(','));
  if (f.landingPages.length) q.set('lp', f.landingPages.join(','));
  if (f.statuses?.length) q.set('status', f.statuses.join(','));
  return q.toString();
}

/** The status filter, for the conversion report only (the others refuse it). */
const statusFilter = (f: ReportFilterState, type: ReportType | undefined) =>
  type === 'conversion' && f.statuses?.length ? { status: f.statuses } : {};

/**
 * The API's `filters` (docs/api.md Report filters): empty offer and landing page lists are null
 * (all); the statuses go to the conversion report (`type`) only.
 */
export function apiFilters(f: ReportFilterState, type?: ReportType) {
  return {
    date_range: f.range,
    offer_id: f.offers.length ? f.offers : null,
    landing_page_id: f.landingPages.length ? f.landingPages : null,
    ...statusFilter(f, type),
  };
}

/** The CSV export's `{filters}`: only the filters that have a value (docs/api.md generic CSV export). */
export function exportFilters(f: ReportFilterState, type?: ReportType) {
  return {
    date_range: f.range,
    ...(f.offers.length ? { offer_id: f.offers } : {}),
    ...(f.landingPages.length ? { landing_page_id: f.landingPages } : {}),
    ...statusFilter(f, type),
  };
}

export interface DrillTarget {
  report: ReportType;
  filters: ReportFilterState;
}

/**
 * docs/screens.md drill-downs: campaign → daily or hourly with that offer; daily → campaign or hourly for
 * that day; landing page → campaign, daily or hourly with its offer and landing page; sub-ID and
 * referral → the campaign summary for one day (the first day of the range shown: the rows have no
 * day of their own).
 */
export function drillTarget(
  to: ReportType,
  f: ReportFilterState,
  row: { offerId?: number; landingPageId?: number | null; day?: string; oneDay?: boolean },
): DrillTarget {
  const next: ReportFilterState = { range: f.range, offers: f.offers, landingPages: f.landingPages };
  if (row.offerId !== undefined) next.offers = [row.offerId];
  if (row.landingPageId !== undefined) next.landingPages = row.landingPageId === null ? [] : [row.landingPageId];
  if (row.day) next.range = { start: row.day, end: row.day };
  else if (row.oneDay) next.range = { start: f.range.start, end: f.range.start };
  return { report: to, filters: next };
}
