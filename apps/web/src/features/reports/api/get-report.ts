import { API_PATHS } from '@portal/shared/api-paths';
import { PAGE_SIZE } from '@portal/shared/constants';
import type { ReportTotalResponse, ReportTotals, ReportType } from '@portal/shared/reports/reports.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageRequest, useKeysetList } from '../../../components/ui/list/keyset.ts';
import { api } from '../../../lib/api-client.ts';
import { apiFilters, type ReportFilterState } from '../report-filters.ts';

/** A report page as the API answers it: rows, cursor, and the zone and instant it is true for. */
export interface ReportPage<Row> {
  data: Row[];
  cursor: { next: string | null };
  timezone: string;
  data_as_of: string;
}

export interface ReportQuery {
  type: ReportType;
  filters: ReportFilterState;
  sort: string;
  order: 1 | -1;
}

export const REPORT_KEY = 'report';

/** `POST report/{type}`, 20 rows a page by cursor (docs/api.md). List failures are silent (docs/errors.md). */
export function useReportList<Row>(q: ReportQuery) {
  return useKeysetList({
    queryKey: [REPORT_KEY, q.type],
    query: { filters: apiFilters(q.filters, q.type), limit: PAGE_SIZE, sort: q.sort, order: q.order },
    fetch: (body, signal) =>
      api.post<ReportPage<Row>>(API_PATHS.report(q.type), body, { signal, handle: { serverError: false } }),
  });
}

/**
 * Every row of a daily or hourly report for its chart: pages of 100 (the API's most) in time
 * order, at most 20 of them (an hourly chart of 83 days).
 */
export function useReportSeries<Row>(type: 'daily' | 'hourly', filters: ReportFilterState) {
  const sort = type === 'daily' ? 'day' : 'hour';
  return useQuery({
    queryKey: [REPORT_KEY, 'series', type, filters],
    queryFn: async ({ signal }) => {
      const rows: Row[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 20; i++) {
        const page: ReportPage<Row> = await api.post<ReportPage<Row>>(
          API_PATHS.report(type),
          pageRequest({ filters: apiFilters(filters), limit: 100, sort, order: 1 }, cursor),
          { signal, handle: { serverError: false } },
        );
        rows.push(...page.data);
        cursor = page.cursor.next;
        if (!cursor) break;
      }
      return rows;
    },
    staleTime: 0,
  });
}

/**
 * `POST report-total/{type}`: the totals row of a summary report — the list's own body without the
 * cursor (docs/api.md), so its sort and order too.
 */
export const reportTotalQuery = (type: ReportType, filters: ReportFilterState, sort: { sort: string; order: 1 | -1 }) =>
  queryOptions({
    queryKey: [REPORT_KEY, 'total', type, filters, sort.sort, sort.order],
    queryFn: ({ signal }) =>
      api
        .post<ReportTotalResponse>(
          API_PATHS.reportTotal(type),
          { filters: apiFilters(filters, type), limit: PAGE_SIZE, sort: sort.sort, order: sort.order },
          { signal, handle: { serverError: false } },
        )
        .then((r): ReportTotals => r.data),
    staleTime: 0,
  });

export const useReportTotal = (
  type: ReportType,
  filters: ReportFilterState,
  sort: { sort: string; order: 1 | -1 },
  enabled: boolean,
) => useQuery({ ...reportTotalQuery(type, filters, sort), enabled });
