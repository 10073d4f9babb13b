import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  OfferAccessChangeRequest,
  OfferAccessRequestListRequest,
  OfferAccessRequestListResponse,
  OfferGrantListRequest,
  OfferGrantListResponse,
} from '@portal/shared/admin/offers.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import { adminApi } from '../admin-api.ts';

/** One offer's access, or one publisher's. */
export type OfferAccessScope = { offerId: number } | { publisherId: number };

const KEY = ['admin', 'offer-access'] as const;
const filtersOf = (s: OfferAccessScope) => ('offerId' in s ? { offer_id: s.offerId } : { publisher_id: s.publisherId });

/** The grants of the offer or of the publisher, newest first. */
export const useOfferGrants = (scope: OfferAccessScope) =>
  useInfiniteList({
    queryKey: [...KEY, 'grants', scope],
    fetchPage: ({ cursor, signal }) => {
      const body: OfferGrantListRequest = {
        filters: filtersOf(scope),
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      };
      return adminApi.post<OfferGrantListResponse>(ADMIN_API_PATHS.offerGrants, body, {
        signal,
        handle: { serverError: false },
      });
    },
  });

/** The requests still waiting for approval. */
export const useOfferAccessRequests = (scope: OfferAccessScope) =>
  useInfiniteList({
    queryKey: [...KEY, 'requests', scope],
    fetchPage: ({ cursor, signal }) => {
      const body: OfferAccessRequestListRequest = {
        filters: { ...filtersOf(scope), status: 'pending' },
        limit: PAGE_SIZE,
        ...(cursor ? { cursor } : {}),
      };
      return adminApi.post<OfferAccessRequestListResponse>(ADMIN_API_PATHS.offerAccessRequests, body, {
        signal,
        handle: { serverError: false },
      });
    },
  });

/** Grant, revoke, or approve a request; every list of access is reloaded after. */
export function useOfferAccessChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      c:
        | ({ kind: 'grant' } & OfferAccessChangeRequest)
        | ({ kind: 'revoke' } & OfferAccessChangeRequest)
        | { kind: 'approve'; requestId: number },
    ) =>
      c.kind === 'approve'
        ? adminApi.post(adminPath(ADMIN_API_PATHS.offerAccessApprove, { id: c.requestId }), {}, { handle: false })
        : adminApi.post(
            c.kind === 'grant' ? ADMIN_API_PATHS.offerGrant : ADMIN_API_PATHS.offerRevoke,
            { offer_id: c.offer_id, publisher_id: c.publisher_id },
            { handle: false },
          ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
