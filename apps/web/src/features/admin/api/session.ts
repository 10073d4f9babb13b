import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  OperatorJwtResponse,
  OperatorLoginRequest,
  OperatorLoginResponse,
  OperatorMeResponse,
  OperatorSetPasswordRequest,
  OperatorSetPasswordResponse,
} from '@portal/shared/admin/operators.schemas';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Credentials } from '../../../components/auth/login-form.tsx';
import { adminApi } from '../admin-api.ts';
import { useOperatorToken } from '../session/operator-session.ts';

/** Sign-in, the two-factor step, sign-out, a password from a link, and the signed-in operator. */
export const operatorLogin = (credentials: Credentials) =>
  adminApi
    .post<OperatorLoginResponse>(ADMIN_API_PATHS.login, credentials satisfies OperatorLoginRequest)
    .then((r) => ({ jwt: r.data.jwt, twoFactor: r.data.two_factor_required }));

/** The pending two-factor token is the bearer; only verify-code accepts it. Resolves with the session's token. */
export const operatorVerifyCode = (code: string, pendingToken: string) =>
  adminApi
    .post<OperatorJwtResponse>(ADMIN_API_PATHS.verifyCode, { code }, { token: pendingToken })
    .then((r) => r.data.jwt);

export const operatorLogout = () => adminApi.post<{ success: true }>(ADMIN_API_PATHS.logout, {});

export const operatorSetPassword = (body: OperatorSetPasswordRequest) =>
  adminApi.post<OperatorSetPasswordResponse>(ADMIN_API_PATHS.setPassword, body);

/**
 * The signed-in operator (name, role, two-factor), read afresh for each session; a renewed token
 * (two-factor turned on or off) keeps the operator on screen while it reloads.
 */
export function useOperatorMe() {
  const token = useOperatorToken();
  return useQuery({
    queryKey: ['admin', 'me', token],
    queryFn: ({ signal }) => adminApi.get<OperatorMeResponse>(ADMIN_API_PATHS.me, { signal }).then((r) => r.data),
    enabled: Boolean(token),
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}

export const useOperatorSetPassword = () => useMutation({ mutationFn: operatorSetPassword });
