import { API_PATHS } from '@portal/shared/api-paths';
import type { OfferTrackingLinkResponse } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLoadFailureToast } from '../../../lib/use-load-failure-toast.ts';

/** `POST /offer-tracking-link`: base URL and landing pages for the builder. */
export const offerTrackingLinkQuery = (offerId: number) =>
  queryOptions({
    queryKey: ['offer-tracking-link', offerId],
    queryFn: ({ signal }) =>
      api
        .post<OfferTrackingLinkResponse>(
          API_PATHS.offerTrackingLink,
          { offer_id: offerId },
          { signal, handle: { serverError: false } },
        )
        .then((r) => r.data),
  });

export function useOfferTrackingLink(offerId: number) {
  const q = useQuery(offerTrackingLinkQuery(offerId));
  useLoadFailureToast(q.error, 'Could not load offer tracking link tool.');
  return q;
}
