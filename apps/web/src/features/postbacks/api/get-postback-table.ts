import { API_PATHS } from '@portal/shared/api-paths';
import type { SortOrder } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import type {
  PostbackTableRequest,
  PostbackTableResponse,
  PostbackTableSort,
} from '@portal/shared/postbacks/postbacks.schemas';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import { api } from '../../../lib/api-client.ts';
import { useLoadFailureToast } from '../../../lib/use-load-failure-toast.ts';

/** The global list's filters (docs/screens.md Global Pixels And Postbacks). */
export interface GlobalPostbackQuery {
  status: 'active' | 'inactive' | 'all';
  offerId: number | null;
  search: string;
  sort: PostbackTableSort;
  order: SortOrder;
}

/** Every postback-table list starts with this key part: a save invalidates them all. */
export const POSTBACK_TABLE_KEY = 'postback-table';

/** `POST /postback-table` for the global list: filters, sort, search, cursor. */
export function useGlobalPostbackTable(q: GlobalPostbackQuery) {
  return useInfiniteList({
    queryKey: [POSTBACK_TABLE_KEY, 'global', q],
    fetchPage: ({ cursor, signal }) => {
      const body: PostbackTableRequest = {
        filters: { status: q.status, offer_id: q.offerId },
        limit: PAGE_SIZE,
        sort: q.sort,
        order: q.order,
        ...(q.search ? { search: q.search } : {}),
        ...(cursor ? { cursor } : {}),
      };
      return api.post<PostbackTableResponse>(API_PATHS.postbackTable, body, { signal, handle: { serverError: false } });
    },
  });
}

/** `POST /postback-table {offer_id}`: the offer tab's pixels and postbacks in every status. */
export function useOfferPostbackTable(offerId: number) {
  const list = useInfiniteList({
    queryKey: [POSTBACK_TABLE_KEY, 'offer', offerId],
    fetchPage: ({ cursor, signal }) =>
      api.post<PostbackTableResponse>(
        API_PATHS.postbackTable,
        { offer_id: offerId, ...(cursor ? { cursor } : {}) } satisfies PostbackTableRequest,
        { signal, handle: { serverError: false } },
      ),
  });
  useLoadFailureToast(list.error, 'Could not load offer postbacks.');
  return list;
}
