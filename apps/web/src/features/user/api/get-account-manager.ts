import { API_PATHS } from '@portal/shared/api-paths';
import type { ManagerResponse } from '@portal/shared/profile/profile.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST manager` → the account manager's name, e-mail and phone (docs/api.md), asked when the card opens. */
export const accountManagerQuery = () =>
  queryOptions({
    queryKey: ['account-manager'],
    queryFn: ({ signal }) =>
      api.post<ManagerResponse>(API_PATHS.manager, {}, { signal, handle: { serverError: false } }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

export const useAccountManager = (enabled: boolean) => useQuery({ ...accountManagerQuery(), enabled });
