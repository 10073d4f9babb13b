import { TOP_CAMPAIGNS_LIMIT } from '@portal/shared/constants';
import { API_PATHS } from '@portal/shared/api-paths';
import type { CampaignReportRow } from '@portal/shared/reports/reports.schemas';
import { useQuery } from '@tanstack/react-query';
import type { DayRange } from '../../../components/ui/date-range/date-range.ts';
import { api } from '../../../lib/api-client.ts';
import type { ReportPage } from './get-report.ts';
import { REPORT_KEY } from './get-report.ts';

/** The dashboard's top 5 campaigns by conversions over its date range (docs/screens.md Dashboard). */
export function useTopCampaigns(range: DayRange) {
  return useQuery({
    queryKey: [REPORT_KEY, 'top-campaigns', range],
    queryFn: ({ signal }) =>
      api
        .post<ReportPage<CampaignReportRow>>(
          API_PATHS.report('campaign'),
          {
            filters: { date_range: range, offer_id: null },
            limit: TOP_CAMPAIGNS_LIMIT,
            sort: 'conversions',
            order: -1,
          },
          { signal, handle: { serverError: false } },
        )
        .then((r) => r.data.filter((row) => row.conversions > 0)),
    staleTime: 0,
  });
}
