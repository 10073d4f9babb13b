import { API_PATHS } from '@portal/shared/api-paths';
import type { SearchResponse, SearchSubject } from '@portal/shared/offers/offers.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /search?subject=…`: the option lists of the postback modal (statuses, types, event types). */
export const searchOptionsQuery = (subject: SearchSubject) =>
  queryOptions({
    queryKey: ['search-options', subject],
    queryFn: ({ signal }) =>
      api
        .get<SearchResponse>(API_PATHS.search, { query: { subject }, signal, handle: { serverError: false } })
        .then((r) => r.data),
    staleTime: Infinity,
  });

export const useSearchOptions = (subject: SearchSubject) => useQuery(searchOptionsQuery(subject));
