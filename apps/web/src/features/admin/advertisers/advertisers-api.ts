import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  AdvertiserCreateRequest,
  AdvertiserCreateResponse,
  AdvertiserDetailResponse,
  AdvertiserListRequest,
  AdvertiserListResponse,
  AdvertiserRotatePixelSecretResponse,
  AdvertiserRotateTokenResponse,
  AdvertiserStatus,
  AdvertiserUpdateRequest,
  AdvertiserUpdateResponse,
} from '@portal/shared/admin/advertisers.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'advertisers'] as const;

/** The advertisers by name, searched and filtered by status (docs/operator-console.md "Advertisers"). */
export const useAdvertiserList = (f: { search: string; status: AdvertiserStatus | null }) =>
  useAdminList<AdvertiserListResponse>(ADMIN_API_PATHS.advertisers, [...KEY, 'list'], {
    filters: { status: f.status },
    limit: PAGE_SIZE,
    sort: 'name',
    order: 1,
    search: f.search || null,
  } satisfies AdvertiserListRequest);

/** One advertiser with the offers it owns. */
export const useAdvertiser = (id: number) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) =>
      adminApi
        .get<AdvertiserDetailResponse>(adminPath(ADMIN_API_PATHS.advertiser, { id }), {
          signal,
          handle: { serverError: false },
        })
        .then((r) => r.data),
    retry: false,
  });

/** A new advertiser: the answer holds its token and pixel secret, shown this once. */
export function useCreateAdvertiser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdvertiserCreateRequest) =>
      adminApi.post<AdvertiserCreateResponse>(ADMIN_API_PATHS.advertiserCreate, body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useUpdateAdvertiser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AdvertiserUpdateRequest & { id: number }) =>
      adminApi.post<AdvertiserUpdateResponse>(adminPath(ADMIN_API_PATHS.advertiserUpdate, { id }), body, {
        handle: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export type Credential = 'token' | 'pixel_secret';

/** Replaces one credential; the answer holds the new one, shown this once. */
export function useRotateCredential() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, which }: { id: number; which: Credential }): Promise<string> => {
      if (which === 'token') {
        const r = await adminApi.post<AdvertiserRotateTokenResponse>(
          adminPath(ADMIN_API_PATHS.advertiserRotateToken, { id }),
          {},
          { handle: false },
        );
        return r.data.token;
      }
      const r = await adminApi.post<AdvertiserRotatePixelSecretResponse>(
        adminPath(ADMIN_API_PATHS.advertiserRotatePixelSecret, { id }),
        {},
        { handle: false },
      );
      return r.data.pixel_secret;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
