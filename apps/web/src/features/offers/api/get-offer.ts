import { API_PATHS } from '@portal/shared/api-paths';
import type { OfferResponse } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /offer`: the offer header (id, name, status, preview URL). A 404 goes to /not-found. */
export const offerQuery = (offerId: number) =>
  queryOptions({
    queryKey: ['offer', offerId],
    queryFn: ({ signal }) =>
      api
        .post<OfferResponse>(API_PATHS.offer, { offer_id: offerId }, { signal, handle: { serverError: false } })
        .then((r) => r.data),
  });

export const useOffer = (offerId: number) => useQuery(offerQuery(offerId));
