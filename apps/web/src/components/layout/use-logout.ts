import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { clearSession } from '../../lib/session.ts';

/** Log Out: clears the session and goes to /login (spec §2). */
export function useLogout() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return () => {
    clearSession();
    qc.clear();
    void navigate(paths.login);
  };
}
