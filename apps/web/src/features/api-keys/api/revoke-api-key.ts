import { API_PATHS } from '@portal/shared/api-paths';
import type { ApiKeyRevokeResponse } from '@portal/shared/api-keys/api-keys.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { apiKeysQuery, OWN_ERRORS } from './get-api-keys.ts';

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<ApiKeyRevokeResponse>(API_PATHS.apiKeyRevoke, { id }, OWN_ERRORS).then((r) => r.data),
    onSuccess: ({ id }) => {
      qc.setQueryData(apiKeysQuery().queryKey, (old) => old?.filter((k) => k.id !== id));
      void qc.invalidateQueries({ queryKey: apiKeysQuery().queryKey });
    },
  });
}
