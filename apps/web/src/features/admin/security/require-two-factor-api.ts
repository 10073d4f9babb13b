import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { ConsoleSettingsResponse, ConsoleSettingsUpdateRequest } from '@portal/shared/admin/operators.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';

/**
 * The console's setting "require two-factor for every operator" (owners; docs/operator-console.md):
 * the operator's `me` says whether it is on (`two_factor_required`), and is read again after a change.
 */
export function useRequireTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (require2fa: boolean) =>
      adminApi
        .post<ConsoleSettingsResponse>(
          ADMIN_API_PATHS.settingsUpdate,
          { require_2fa: require2fa } satisfies ConsoleSettingsUpdateRequest,
          { handle: false },
        )
        .then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
