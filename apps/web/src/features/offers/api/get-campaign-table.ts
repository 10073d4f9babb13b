import { API_PATHS } from '@portal/shared/api-paths';
import type {
  CampaignTableRequest,
  CampaignTableResponse,
  CampaignTableSort,
} from '@portal/shared/offers/offers.schemas';
import type { DateRange, SortOrder } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useKeysetList } from '../../../components/ui/list/keyset.ts';
import { api } from '../../../lib/api-client.ts';

export interface CampaignTableQuery {
  dateRange: DateRange | null;
  sort: CampaignTableSort;
  order: SortOrder;
  search: string;
}

/** `POST /campaign-table`: My Offers page by page (docs/api.md). List failures are silent (docs/errors.md). */
export const useCampaignTable = (q: CampaignTableQuery) =>
  useKeysetList({
    queryKey: ['campaign-table'],
    query: {
      filters: { date_range: q.dateRange },
      limit: PAGE_SIZE,
      sort: q.sort,
      order: q.order,
      ...(q.search ? { search: q.search } : {}),
    } satisfies CampaignTableRequest,
    fetch: (body, signal) =>
      api.post<CampaignTableResponse>(API_PATHS.campaignTable, body, { signal, handle: { serverError: false } }),
  });
