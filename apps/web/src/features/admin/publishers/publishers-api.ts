import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  AccountManagersResponse,
  PublisherDetailResponse,
  PublisherListRequest,
  PublisherListResponse,
  PublisherStatus,
  PublisherStatusRequest,
  PublisherViewAsResponse,
} from '@portal/shared/admin/publishers.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'publishers'] as const;

export interface PublisherListFilters {
  status: PublisherStatus | null;
  search: string;
  sort: 'created_at' | 'name';
  order: 1 | -1;
}

/** Publishers page by page as the list scrolls (docs/operator-console.md "Publishers"). */
export const usePublisherList = (f: PublisherListFilters) =>
  useAdminList<PublisherListResponse>(ADMIN_API_PATHS.publishers, [...KEY, 'list'], {
    filters: { status: f.status },
    limit: PAGE_SIZE,
    sort: f.sort,
    order: f.order,
    search: f.search || null,
  } satisfies PublisherListRequest);

const detailKey = (id: number) => [...KEY, 'detail', id] as const;

/** One publisher; null asks nothing (a filter with no publisher chosen). */
export const usePublisher = (id: number | null) =>
  useQuery({
    queryKey: detailKey(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminApi
        .get<PublisherDetailResponse>(adminPath(ADMIN_API_PATHS.publisher, { id: id! }), {
          signal,
          handle: { serverError: false },
        })
        .then((r) => r.data),
  });

export const useAccountManagers = () =>
  useQuery({
    queryKey: ['admin', 'account-managers'],
    queryFn: ({ signal }) =>
      adminApi.get<AccountManagersResponse>(ADMIN_API_PATHS.accountManagers, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** A write about one publisher: its page and the list load again afterwards. */
function usePublisherWrite<Body>(id: number, pattern: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => adminApi.post<unknown>(adminPath(pattern, { id }), body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useSetPublisherStatus = (id: number) =>
  usePublisherWrite<PublisherStatusRequest>(id, ADMIN_API_PATHS.publisherStatus);
export const useSetAccountManager = (id: number) =>
  usePublisherWrite<{ account_manager_id: number | null }>(id, ADMIN_API_PATHS.publisherUpdate);
export const useSetMinimumPayout = (id: number) =>
  usePublisherWrite<{ minimum_payout: number | null }>(id, ADMIN_API_PATHS.publisherUpdate);
export const useLinkUser = (id: number) => usePublisherWrite<{ email: string }>(id, ADMIN_API_PATHS.publisherLinkUser);
export const useUnlinkUser = (id: number) =>
  usePublisherWrite<{ user_id: number }>(id, ADMIN_API_PATHS.publisherUnlinkUser);

/** A one-time link that opens the portal as the publisher. */
export const useViewAs = (id: number) =>
  useMutation({
    mutationFn: () =>
      adminApi
        .post<PublisherViewAsResponse>(adminPath(ADMIN_API_PATHS.publisherViewAs, { id }), {}, { handle: false })
        .then((r) => r.data),
  });
