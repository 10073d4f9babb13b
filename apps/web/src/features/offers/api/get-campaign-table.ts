import { API_PATHS } from '@portal/shared/api-paths';
import type {
  CampaignTableRequest,
  CampaignTableResponse,
  CampaignTableSort,
} from '@portal/shared/offers/offers.schemas';
import type { DateRange, SortOrder } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';

export interface CampaignTableQuery {
  dateRange: DateRange | null;
  sort: CampaignTableSort;
  order: SortOrder;
  search: string;
}

export const campaignTableKey = (q: CampaignTableQuery) => ['campaign-table', q] as const;

/** `POST /campaign-table`: one page of My Offers (docs/api.md). List failures are silent (docs/errors.md). */
export function getCampaignTablePage(q: CampaignTableQuery, cursor: string | null, signal: AbortSignal) {
  const body: CampaignTableRequest = {
    filters: { date_range: q.dateRange },
    limit: PAGE_SIZE,
    sort: q.sort,
    order: q.order,
    ...(q.search ? { search: q.search } : {}),
    ...(cursor ? { cursor } : {}),
  };
  return api.post<CampaignTableResponse>(API_PATHS.campaignTable, body, { signal, handle: { serverError: false } });
}

export const useCampaignTable = (q: CampaignTableQuery) =>
  useInfiniteList({
    queryKey: campaignTableKey(q),
    fetchPage: ({ cursor, signal }) => getCampaignTablePage(q, cursor, signal),
  });
