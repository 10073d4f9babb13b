import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { OverviewResponse } from '@portal/shared/admin/overview.schemas';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';

export const useOverview = () =>
  useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => adminApi.get<OverviewResponse>(ADMIN_API_PATHS.overview, { signal }).then((r) => r.data),
  });
