import { API_PATHS } from '@portal/shared/api-paths';
import { LATEST_OFFERS_LIMIT } from '@portal/shared/constants';
import type { OfferListRequest, OfferListResponse } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The latest offers the publisher may run (docs/screens.md Dashboard: 5). */
export const latestOffersQuery = () =>
  queryOptions({
    queryKey: ['latest-offers'],
    queryFn: ({ signal }) =>
      api
        .post<OfferListResponse>(
          API_PATHS.offerList,
          { filters: {}, limit: LATEST_OFFERS_LIMIT, sort: 'offer_id', order: -1 } satisfies OfferListRequest,
          {
            signal,
            handle: { serverError: false },
          },
        )
        .then((r) => r.data),
    staleTime: 60_000,
  });

export const useLatestOffers = () => useQuery(latestOffersQuery());
