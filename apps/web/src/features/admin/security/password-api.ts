import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { OperatorChangePasswordRequest, OperatorJwtResponse } from '@portal/shared/admin/operators.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { saveOperatorToken } from '../session/operator-session.ts';

/**
 * The operator's own password change (docs/operator-console.md): the server ends every other
 * session; the answer's token keeps this one, so it is saved before anything else asks.
 */
export function useChangeOperatorPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorChangePasswordRequest) =>
      adminApi.post<OperatorJwtResponse>(ADMIN_API_PATHS.mePassword, body, { handle: false }),
    onSuccess: (r) => {
      saveOperatorToken(r.data.jwt);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
