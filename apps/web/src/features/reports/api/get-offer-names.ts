import { API_PATHS } from '@portal/shared/api-paths';
import type { OfferResponse } from '@portal/shared/offers/offers.schemas';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /offer` for each offer id a filter holds but no name is known for (a reload, a shared
 * link): its name, so the filter names the offer rather than its id. An offer the publisher may no
 * longer run stays unnamed, without a trip to /not-found.
 */
export function useOfferNames(offerIds: number[]): Map<number, string> {
  return useQueries({
    queries: offerIds.map((offerId) => ({
      queryKey: ['offer-name', offerId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api
          .post<OfferResponse>(
            API_PATHS.offer,
            { offer_id: offerId },
            { signal, handle: { serverError: false, notFound: false } },
          )
          .then((r) => [offerId, r.data.name] as const),
      staleTime: 5 * 60_000,
      retry: false,
    })),
    combine: (results) => new Map(results.flatMap((r) => (r.data ? [r.data] : []))),
  });
}
