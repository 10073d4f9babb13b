import { API_PATHS } from '@portal/shared/api-paths';
import type { PostbackSigningSecretResponse } from '@portal/shared/postbacks/postback-signing.schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const SIGNING_SECRET_KEY = ['postback-signing-secret'] as const;
const OWN_ERRORS = { handle: { serverError: false } } as const;

/** The publisher's postback signing secret (made by the server on first read). */
export function useSigningSecret() {
  return useQuery({
    queryKey: SIGNING_SECRET_KEY,
    queryFn: ({ signal }) =>
      api
        .post<PostbackSigningSecretResponse>(API_PATHS.postbackSigningSecret, {}, { signal, ...OWN_ERRORS })
        .then((r) => r.data),
    staleTime: 60_000,
  });
}

/** Replaces the secret: the next delivery is signed with the new one. */
export function useRotateSigningSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api
        .post<PostbackSigningSecretResponse>(API_PATHS.postbackSigningSecretRotate, {}, OWN_ERRORS)
        .then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(SIGNING_SECRET_KEY, data),
  });
}
