import { API_PATHS } from '@portal/shared/api-paths';
import type { AuthenticateResponse, MultiLoginResponse } from '@portal/shared/auth/auth.schemas';
import type { MeResponse } from '@portal/shared/profile/profile.schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * The calls of a link that logs in. None of them goes through the client's automatic 401 handling:
 * a refused code or a stale session must not log anybody out.
 */

/** Exchanges a one-time code (answered as a login). No bearer: the code is the only credential. */
export const exchangeLoginCode = (code: string) =>
  api.post<AuthenticateResponse>(API_PATHS.exchangeLoginCode, { code }, { token: '', handle: false });

/** The user and account behind a token (the stored one unless given). */
export const whoIs = (token?: string) =>
  api.get<MeResponse>(API_PATHS.me, { handle: false, ...(token ? { token } : {}) }).then((r) => r.data.user);

/** The user behind a session still choosing among its accounts. */
export const whoIsChoosing = () =>
  api.post<MultiLoginResponse>(API_PATHS.multiLogin, {}, { handle: false }).then((r) => r.data.user);

/** Ends a session on the server (a link's session declined at the switch prompt: nobody holds it). */
export const endSession = (token: string) => api.post(API_PATHS.logout, {}, { token, handle: false });
