import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  OfferAccessChangeRequest,
  OfferAccessDeclineRequest,
  OfferAccessRequestListRequest,
  OfferAccessRequestListResponse,
  OfferGrantListRequest,
  OfferGrantListResponse,
} from '@portal/shared/admin/offers.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

/** One offer's access, or one publisher's. */
export type OfferAccessScope = { offerId: number } | { publisherId: number };

const KEY = ['admin', 'offer-access'] as const;
const filtersOf = (s: OfferAccessScope) => ('offerId' in s ? { offer_id: s.offerId } : { publisher_id: s.publisherId });

/** The grants of the offer or of the publisher, newest first. */
export const useOfferGrants = (scope: OfferAccessScope) =>
  useAdminList<OfferGrantListResponse>(ADMIN_API_PATHS.offerGrants, [...KEY, 'grants'], {
    filters: filtersOf(scope),
    limit: PAGE_SIZE,
  } satisfies OfferGrantListRequest);

/** The requests still waiting for approval. */
export const useOfferAccessRequests = (scope: OfferAccessScope) =>
  useAdminList<OfferAccessRequestListResponse>(ADMIN_API_PATHS.offerAccessRequests, [...KEY, 'requests'], {
    filters: { ...filtersOf(scope), status: 'pending' },
    limit: PAGE_SIZE,
  } satisfies OfferAccessRequestListRequest);

/** Grant, revoke, or approve or decline a request; every list of access is reloaded after. */
export function useOfferAccessChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      c:
        | ({ kind: 'grant' } & OfferAccessChangeRequest)
        | ({ kind: 'revoke' } & OfferAccessChangeRequest)
        | { kind: 'approve'; requestId: number }
        | ({ kind: 'decline'; requestId: number } & OfferAccessDeclineRequest),
    ) =>
      c.kind === 'approve'
        ? adminApi.post(adminPath(ADMIN_API_PATHS.offerAccessApprove, { id: c.requestId }), {}, { handle: false })
        : c.kind === 'decline'
          ? adminApi.post(
              adminPath(ADMIN_API_PATHS.offerAccessDecline, { id: c.requestId }),
              { reason: c.reason } satisfies OfferAccessDeclineRequest,
              { handle: false },
            )
          : adminApi.post(
              c.kind === 'grant' ? ADMIN_API_PATHS.offerGrant : ADMIN_API_PATHS.offerRevoke,
              { offer_id: c.offer_id, publisher_id: c.publisher_id },
              { handle: false },
            ),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
