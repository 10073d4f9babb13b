import { API_PATHS } from '@portal/shared/api-paths';
import type {
  AuthenticateRequest,
  AuthenticateResponse,
  ImpersonateRequest,
  JwtResponse,
  MultiLoginResponse,
} from '@portal/shared/auth/auth.schemas';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Credentials } from '../../../components/auth/login-form.tsx';
import { api } from '../../../lib/api-client.ts';

export const authenticate = (body: AuthenticateRequest) => api.post<AuthenticateResponse>(API_PATHS.authenticate, body);

export interface LoginResult {
  jwt: string;
  multilogin: boolean;
  twoFactor: boolean;
}

/** The log-in form's call: the e-mail is the API's `user_name`. */
export const logIn = ({ email, password }: Credentials): Promise<LoginResult> =>
  authenticate({ user_name: email, password }).then((r) => ({
    jwt: r.data.jwt,
    multilogin: r.data.multilogin_enabled,
    twoFactor: r.data.two_factor_required === true,
  }));

/** The pending two-factor token is sent as the bearer; only verify-code accepts it. */
export const verifyCode = (code: string, pendingToken: string) =>
  api.post<JwtResponse>(API_PATHS.verifyCode, { code }, { token: pendingToken });

export const multiLoginQuery = () =>
  queryOptions({
    queryKey: ['multi-login'],
    queryFn: ({ signal }) => api.post<MultiLoginResponse>(API_PATHS.multiLogin, {}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });

export const impersonate = (body: ImpersonateRequest) => api.post<JwtResponse>(API_PATHS.impersonate, body);

export const useImpersonate = () => useMutation({ mutationFn: impersonate });
