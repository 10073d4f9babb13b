import { useQuery, useQueryClient } from '@tanstack/react-query';
import Building2 from 'lucide-react/icons/building-complex';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { multiLoginQuery, useImpersonate } from '../../../features/auth/api/auth.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';
import { SwitchPromptHost } from '../../../features/auth/login-link/switch-prompt-host.tsx';
import { useLogout } from '../../../components/layout/use-logout.ts';
import { usePageTitle } from '../../../lib/brand.ts';
import { saveSession } from '../../../lib/session.ts';

export function Component() {
  usePageTitle('Select account');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const logout = useLogout();
  const { data, isPending, isError } = useQuery(multiLoginQuery());
  const impersonate = useImpersonate();
  const [choosing, setChoosing] = useState<number | null>(null);

  const choose = (accountId: number) => {
    if (!data) return;
    setChoosing(accountId);
    impersonate.mutate(
      { user_id: data.data.user.id, publisher_id: accountId },
      {
        onSuccess: (r) => {
          saveSession(r.data.jwt, { publisherId: String(accountId), multiLoginPending: false });
          qc.removeQueries({ queryKey: ['multi-login'] });
          void navigate(paths.home, { replace: true });
        },
        onSettled: () => setChoosing(null),
      },
    );
  };

  const user = data?.data.user;
  return (
    <>
      <SwitchPromptHost />
      <AuthCard
        title={user ? `Welcome, ${user.firstname} ${user.lastname}` : 'Welcome'}
        lead="Please choose an account to log in."
        footer={
          <button type="button" onClick={logout} className="rounded font-medium text-accent hover:underline">
            Log in with another email
          </button>
        }
      >
        {isPending ? <LoadingBlock label="Loading your accounts" /> : null}
        {isError ? <AlertBox tone="error">We could not load your accounts. Please log in again.</AlertBox> : null}
        {data ? (
          <ul className="flex flex-col gap-2" aria-label="Accounts">
            {data.data.accounts.map((a) => (
              <li key={a.account_id}>
                <button
                  type="button"
                  onClick={() => choose(a.account_id)}
                  disabled={choosing !== null}
                  className="group flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left transition-colors hover:border-accent hover:bg-accent-soft disabled:opacity-60"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 group-hover:bg-white group-hover:text-accent">
                    <Building2 size={20} aria-hidden="true" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium text-slate-900">{a.account_name}</span>
                    <span className="text-sm text-slate-600 tabular">Account ID {a.account_id}</span>
                  </span>
                  {choosing === a.account_id ? (
                    <Spinner size={18} label="Logging in" />
                  ) : (
                    <ChevronRight size={18} aria-hidden="true" className="text-slate-400 group-hover:text-accent" />
                  )}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {impersonate.isError ? (
          <div className="mt-4 flex flex-col gap-3">
            <AlertBox tone="error">We could not log you in to that account. Please try again.</AlertBox>
            <Button variant="secondary" onClick={() => impersonate.reset()}>
              Dismiss
            </Button>
          </div>
        ) : null}
      </AuthCard>
    </>
  );
}
