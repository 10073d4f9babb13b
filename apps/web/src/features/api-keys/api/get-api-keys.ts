import { API_PATHS } from '@portal/shared/api-paths';
import type { ApiKeyListResponse } from '@portal/shared/api-keys/api-keys.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The tab says itself when the list cannot load. */
export const OWN_ERRORS = { handle: { serverError: false } } as const;

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: ['api-keys'],
    queryFn: ({ signal }) =>
      api.post<ApiKeyListResponse>(API_PATHS.apiKeyList, {}, { signal, ...OWN_ERRORS }).then((r) => r.data),
  });

export const useApiKeys = () => useQuery(apiKeysQuery());
