import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  OperatorJwtResponse,
  OperatorTwoFactorEnableResponse,
  OperatorTwoFactorSetupResponse,
} from '@portal/shared/admin/operators.schemas';
import { useQueryClient } from '@tanstack/react-query';
import type { TwoFactorCalls } from '../../../components/auth/two-factor-settings.tsx';
import { createStore } from '../../../lib/store.ts';
import { adminApi } from '../admin-api.ts';
import { saveOperatorToken } from '../session/operator-session.ts';

/** The recovery codes just made, shown once: kept here, whatever re-renders when the token renews. */
export const shownRecoveryCodes = createStore<string[] | null>(null);

/**
 * The operator's own two-factor (docs/operator-console.md), for the shared settings
 * (components/auth/two-factor-settings.tsx): setup with the current password, enable with a code
 * (recovery codes once), disable with a code or a recovery code. Turning it on or off ends the
 * other sessions; the answer's token keeps this one.
 */
export function useOperatorTwoFactorCalls(): TwoFactorCalls {
  const client = useQueryClient();
  const renewed = (jwt: string) => {
    saveOperatorToken(jwt);
    void client.invalidateQueries({ queryKey: ['admin'] });
  };
  return {
    setup: (password) =>
      adminApi
        .post<OperatorTwoFactorSetupResponse>(ADMIN_API_PATHS.twoFactorSetup, { password }, { handle: false })
        .then((r) => r.data),
    enable: (code) =>
      adminApi
        .post<OperatorTwoFactorEnableResponse>(ADMIN_API_PATHS.twoFactorEnable, { code }, { handle: false })
        .then((r) => {
          shownRecoveryCodes.set(r.data.recovery_codes);
          renewed(r.data.jwt);
          return r.data.recovery_codes;
        }),
    disable: (code) =>
      adminApi
        .post<OperatorJwtResponse>(ADMIN_API_PATHS.twoFactorDisable, { code }, { handle: false })
        .then((r) => renewed(r.data.jwt)),
  };
}
