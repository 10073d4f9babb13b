import { API_PATHS } from '@portal/shared/api-paths';
import type { OfferDetailsResponse } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLoadFailureToast } from '../../../lib/use-load-failure-toast.ts';

/** `POST /offer-details`: the Details tab. Failure: the spec's toast, not the 500 page. */
export const offerDetailsQuery = (offerId: number) =>
  queryOptions({
    queryKey: ['offer-details', offerId],
    queryFn: ({ signal }) =>
      api
        .post<OfferDetailsResponse>(
          API_PATHS.offerDetails,
          { offer_id: offerId },
          { signal, handle: { serverError: false } },
        )
        .then((r) => r.data),
  });

export function useOfferDetails(offerId: number) {
  const q = useQuery(offerDetailsQuery(offerId));
  useLoadFailureToast(q.error, 'Could not load offer details.');
  return q;
}
