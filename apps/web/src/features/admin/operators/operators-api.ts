import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  OperatorInviteRequest,
  OperatorInviteResponse,
  OperatorListRequest,
  OperatorListResponse,
  OperatorResetLinkResponse,
  OperatorUpdateRequest,
  OperatorUpdateResponse,
} from '@portal/shared/admin/operators.schemas';
import { MAX_PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'operators'] as const;

/** Every operator, by name (owners only; docs/operator-console.md). */
export const useOperatorList = () =>
  useAdminList<OperatorListResponse>(ADMIN_API_PATHS.operators, [...KEY, 'list'], {
    filters: {},
    limit: MAX_PAGE_SIZE,
    sort: 'name',
    order: 1,
  } satisfies OperatorListRequest);

/** An invitation: the answer holds the set-password link, shown this once. */
export function useInviteOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorInviteRequest) =>
      adminApi.post<OperatorInviteResponse>(ADMIN_API_PATHS.operatorInvite, body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** A role or status change (with an optional reason, for the audit log). */
export function useUpdateOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: OperatorUpdateRequest & { id: number }) =>
      adminApi.post<OperatorUpdateResponse>(adminPath(ADMIN_API_PATHS.operatorUpdate, { id }), body, {
        handle: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** An owner's reset link for another operator: the answer holds the link, shown this once. */
export function useOperatorResetLink() {
  return useMutation({
    mutationFn: (id: number) =>
      adminApi.post<OperatorResetLinkResponse>(
        adminPath(ADMIN_API_PATHS.operatorResetLink, { id }),
        {},
        {
          handle: false,
        },
      ),
  });
}
