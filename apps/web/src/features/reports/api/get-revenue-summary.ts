import { API_PATHS } from '@portal/shared/api-paths';
import type { RevenueSummaryResponse } from '@portal/shared/reports/reports.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST week-to-date-summary` / `month-to-date-summary`: earnings since Monday / the 1st (user's zone). */
export const revenueSummaryQuery = (period: 'week' | 'month') =>
  queryOptions({
    queryKey: ['revenue-summary', period],
    queryFn: ({ signal }) =>
      api.post<RevenueSummaryResponse>(
        period === 'week' ? API_PATHS.weekToDateSummary : API_PATHS.monthToDateSummary,
        {},
        { signal, handle: { serverError: false } },
      ),
    staleTime: 30_000,
  });

export const useRevenueSummary = (period: 'week' | 'month') => useQuery(revenueSummaryQuery(period));
