import { API_PATHS } from '@portal/shared/api-paths';
import type { MeResponse } from '@portal/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';

/** The current user (spec §3 User), loaded from the user-profile call. */
export const meQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['me', token],
    queryFn: ({ signal }) => api.get<MeResponse>(API_PATHS.me, { signal }).then((r) => r.data.user),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export function useCurrentUser() {
  const { token, multiLoginPending } = useSession();
  return useQuery(meQuery(multiLoginPending ? null : token));
}
