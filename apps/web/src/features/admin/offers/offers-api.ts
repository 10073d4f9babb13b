import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  AdminCreativeAddRequest,
  AdminOfferAdvertisersResponse,
  AdminOfferListRequest,
  AdminOfferListResponse,
  AdminOfferResponse,
  AdminOfferSaveRequest,
} from '@portal/shared/admin/offers.schemas';
import type { OfferStatus } from '@portal/shared/constants';
import type { OfferVisibility } from '@portal/shared/offers/offers.constants';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'offers'] as const;

export interface OfferListFilters {
  search: string;
  status: OfferStatus | null;
  advertiserId: number | null;
  visibility: OfferVisibility | null;
}

/** Every offer, newest first, page by page as it scrolls. */
export const useAdminOffers = (f: OfferListFilters) =>
  useAdminList<AdminOfferListResponse>(ADMIN_API_PATHS.offers, [...KEY, 'list'], {
    filters: { status: f.status ? [f.status] : null, advertiser_id: f.advertiserId, visibility: f.visibility },
    search: f.search || null,
    limit: PAGE_SIZE,
    sort: 'id',
    order: -1,
  } satisfies AdminOfferListRequest);

/** Every advertiser, for the pickers. */
export const useOfferAdvertisers = () =>
  useQuery({
    queryKey: [...KEY, 'advertisers'],
    queryFn: ({ signal }) =>
      adminApi.get<AdminOfferAdvertisersResponse>(ADMIN_API_PATHS.offerAdvertisers, { signal }).then((r) => r.data),
  });

export const useAdminOffer = (id: number | null) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      adminApi
        .get<AdminOfferResponse>(adminPath(ADMIN_API_PATHS.offer, { id: id! }), {
          signal,
          handle: { serverError: false },
        })
        .then((r) => r.data),
  });

/** The editor's Save: creates the offer (`id` null) or saves it whole. */
export function useSaveOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminOfferSaveRequest }) =>
      adminApi
        .post<AdminOfferResponse>(
          id === null ? ADMIN_API_PATHS.offerCreate : adminPath(ADMIN_API_PATHS.offerUpdate, { id }),
          body,
          { handle: false },
        )
        .then((r) => r.data),
    onSuccess: (offer) => {
      client.setQueryData([...KEY, 'one', offer.id], offer);
      return client.invalidateQueries({ queryKey: [...KEY, 'list'] });
    },
  });
}

export function useAddCreative(offerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCreativeAddRequest) =>
      adminApi.post(adminPath(ADMIN_API_PATHS.offerCreativeAdd, { id: offerId }), body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'one', offerId] }),
  });
}

export function useRemoveCreative(offerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (creativeId: number) =>
      adminApi.post(adminPath(ADMIN_API_PATHS.offerCreativeRemove, { id: offerId, creativeId }), {}, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...KEY, 'one', offerId] }),
  });
}
