import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { consolePaths } from './console-paths.ts';
import { operatorLogout } from './api/session.ts';
import { clearOperatorSession } from './session/operator-session.ts';

/** Ends the console session on the server (its tokens stop at once), then here, then the sign-in. */
export function useConsoleSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await operatorLogout();
    } catch {
      // Signed out here all the same; the token expires on its own.
    }
    clearOperatorSession();
    queryClient.removeQueries({ queryKey: ['admin'] });
    void navigate(consolePaths.login, { replace: true });
  }, [navigate, queryClient]);
}
