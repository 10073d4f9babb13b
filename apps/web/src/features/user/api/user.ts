import { API_PATHS } from '@portal/shared/api-paths';
import type { MeResponse } from '@portal/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useSession } from '../../../lib/session.ts';

/** The current user (docs/api.md User), loaded from the user-profile call. */
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

/**
 * The user's profile time zone, which reports and date ranges are in: null while the profile loads
 * (so a list is not asked for twice), the browser's if it cannot be loaded.
 */
export function useTimeZone(): string | null {
  const { data, isError } = useCurrentUser();
  if (data) return data.timezone;
  return isError ? browserTimeZone() : null;
}
