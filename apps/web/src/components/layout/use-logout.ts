import { API_PATHS } from '@portal/shared/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { api } from '../../lib/api-client.ts';
import { clearSession, getSession } from '../../lib/session.ts';

/**
 * Log Out (docs/screens.md): the server ends the session's token at once (a copy of it no longer works),
 * then the session is cleared here and the app goes to /login. The page does not wait for the
 * call: a server that cannot be reached still lets the user out of this browser.
 */
export function useLogout() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useCallback(() => {
    const { token } = getSession();
    if (token) void api.post(API_PATHS.logout, {}, { token, handle: false }).catch(() => undefined);
    clearSession();
    qc.clear();
    void navigate(paths.login);
  }, [navigate, qc]);
}
