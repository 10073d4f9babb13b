import { API_PATHS } from '@portal/shared/api-paths';
import type { SortOrder } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import type {
  PostbackTableRequest,
  PostbackTableResponse,
  PostbackTableSort,
} from '@portal/shared/postbacks/postbacks.schemas';
import { useKeysetList, type PageRequest } from '../../../components/ui/list/keyset.ts';
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

const postbackTable = (body: PageRequest<PostbackTableRequest>, signal: AbortSignal) =>
  api.post<PostbackTableResponse>(API_PATHS.postbackTable, body, { signal, handle: { serverError: false } });

/** `POST /postback-table` for the global list: filters, sort, search, page by page. */
export function useGlobalPostbackTable(q: GlobalPostbackQuery) {
  return useKeysetList({
    queryKey: [POSTBACK_TABLE_KEY, 'global'],
    query: {
      filters: { status: q.status, offer_id: q.offerId },
      limit: PAGE_SIZE,
      sort: q.sort,
      order: q.order,
      ...(q.search ? { search: q.search } : {}),
    } satisfies PostbackTableRequest,
    fetch: postbackTable,
  });
}

/** `POST /postback-table {offer_id}`: the offer tab's pixels and postbacks in every status. */
export function useOfferPostbackTable(offerId: number) {
  const list = useKeysetList({
    queryKey: [POSTBACK_TABLE_KEY, 'offer'],
    query: { offer_id: offerId } satisfies PostbackTableRequest,
    fetch: postbackTable,
  });
  useLoadFailureToast(list.error, 'Could not load offer postbacks.');
  return list;
}
