import { API_PATHS } from '@portal/shared/api-paths';
import type { LandingPageListResponse } from '@portal/shared/offers/offers.schemas';
import { useQueries } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /landing-page-list` for each chosen offer: the landing-page filter's options. */
export function useLandingPagesOf(offerIds: number[]) {
  return useQueries({
    queries: offerIds.map((offerId) => ({
      queryKey: ['landing-page-list', offerId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api
          .post<LandingPageListResponse>(
            API_PATHS.landingPageList,
            { offer_id: offerId },
            { signal, handle: { serverError: false, notFound: false } },
          )
          .then((r) => r.data.map((p) => ({ ...p, offerId }))),
      staleTime: 5 * 60_000,
    })),
    combine: (results) => results.flatMap((r) => r.data ?? []),
  });
}
