import { API_PATHS } from '@portal/shared/api-paths';
import type { OfferCreativesResponse } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLoadFailureToast } from '../../../lib/use-load-failure-toast.ts';

/** `POST /offer-creatives`: the Creatives tab. */
export const offerCreativesQuery = (offerId: number) =>
  queryOptions({
    queryKey: ['offer-creatives', offerId],
    queryFn: ({ signal }) =>
      api
        .post<OfferCreativesResponse>(
          API_PATHS.offerCreatives,
          { offer_id: offerId },
          { signal, handle: { serverError: false } },
        )
        .then((r) => r.data),
  });

export function useOfferCreatives(offerId: number) {
  const q = useQuery(offerCreativesQuery(offerId));
  useLoadFailureToast(q.error, 'Could not load offer creatives.');
  return q;
}
