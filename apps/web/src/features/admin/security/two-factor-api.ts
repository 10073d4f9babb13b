import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  OperatorJwtResponse,
  OperatorTwoFactorEnableResponse,
  OperatorTwoFactorSetupResponse,
} from '@portal/shared/admin/operators.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { createStore } from '../../../lib/store.ts';
import { saveOperatorToken } from '../session/operator-session.ts';

/** The recovery codes just made, shown once: kept here, whatever re-renders when the token renews. */
export const newRecoveryCodes = createStore<string[] | null>(null);

/**
 * The operator's own two-factor (docs/operator-console.md): setup with the current password,
 * enable with a code (recovery codes once), disable with a code or a recovery code. Turning it on
 * or off ends the other sessions; the answer's token keeps this one.
 */
export const useTwoFactorSetup = () =>
  useMutation({
    mutationFn: (password: string) =>
      adminApi.post<OperatorTwoFactorSetupResponse>(ADMIN_API_PATHS.twoFactorSetup, { password }, { handle: false }),
  });

export function useTwoFactorSwitch(to: 'on' | 'off') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      to === 'on'
        ? adminApi
            .post<OperatorTwoFactorEnableResponse>(ADMIN_API_PATHS.twoFactorEnable, { code }, { handle: false })
            .then((r) => r.data)
        : adminApi
            .post<OperatorJwtResponse>(ADMIN_API_PATHS.twoFactorDisable, { code }, { handle: false })
            .then((r) => ({ ...r.data, recovery_codes: [] as string[] })),
    onSuccess: (r) => {
      if (to === 'on') newRecoveryCodes.set(r.recovery_codes);
      saveOperatorToken(r.jwt);
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}
