import { API_PATHS } from '@portal/shared/api-paths';
import type { EventListResponse } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /event-list`: an offer's events (the postback modal's Event select). */
export const eventListQuery = (offerId: number | null) =>
  queryOptions({
    queryKey: ['event-list', offerId],
    queryFn: ({ signal }) =>
      api
        .post<EventListResponse>(
          API_PATHS.eventList,
          { offer_id: offerId },
          { signal, handle: { serverError: false, notFound: false } },
        )
        .then((r) => r.data),
    enabled: offerId !== null,
    staleTime: 5 * 60_000,
  });

export const useEventList = (offerId: number | null) => useQuery(eventListQuery(offerId));
