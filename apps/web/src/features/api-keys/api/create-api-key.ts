import { API_PATHS } from '@portal/shared/api-paths';
import type { ApiKeyCreateRequest, ApiKeyCreateResponse } from '@portal/shared/api-keys/api-keys.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQuery, OWN_ERRORS } from './get-api-keys.ts';

/** Makes a key; the answer (with the key itself) is kept by the caller only, never in the cache. */
export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiKeyCreateRequest) =>
      api.post<ApiKeyCreateResponse>(API_PATHS.apiKeyCreate, input, OWN_ERRORS).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: apiKeysQuery().queryKey }),
  });
}
