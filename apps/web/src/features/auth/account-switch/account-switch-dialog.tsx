import { useQuery, useQueryClient } from '@tanstack/react-query';
import Building2 from 'lucide-react/icons/building-complex';
import Check from 'lucide-react/icons/check';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AlertBox } from '../../../components/ui/alert-box.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { LoadingBlock, Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { addAlert } from '../../../lib/alerts.ts';
import { getSession, saveSession } from '../../../lib/session.ts';
import { multiLoginQuery, useImpersonate } from '../api/auth.ts';

/**
 * The account switch of a user linked to several publisher accounts (docs/screens.md "Select
 * account"): the same choice as after login, through the same calls — the accounts of this user
 * (`multi-login`) and the exchange of the choice for a token of that account (`impersonate`, which
 * keeps the session and accepts only accounts linked to the signed-in user).
 */
export function AccountSwitchDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data, isPending, isError, refetch } = useQuery(multiLoginQuery());
  const impersonate = useImpersonate();
  const [choosing, setChoosing] = useState<number | null>(null);
  const current = Number(getSession().publisherId);

  const choose = (accountId: number, name: string) => {
    if (!data) return;
    if (accountId === current) return onClose();
    setChoosing(accountId);
    impersonate.mutate(
      { user_id: data.data.user.id, publisher_id: accountId },
      {
        onSuccess: (r) => {
          saveSession(r.data.jwt, { publisherId: String(accountId), multiLoginPending: false });
          // Nothing of the other account stays on screen or in the cache.
          qc.clear();
          onClose();
          void navigate(paths.home);
          addAlert('success', `Switched to ${name}`);
        },
        onSettled: () => setChoosing(null),
      },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title="Switch account"
      description="Choose the publisher account to work in."
    >
      {isPending ? <LoadingBlock label="Loading your accounts" /> : null}
      {isError ? (
        <div className="flex flex-col gap-3">
          <AlertBox tone="error">We could not load your accounts.</AlertBox>
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {data ? (
        <ul className="flex flex-col gap-2" aria-label="Accounts">
          {data.data.accounts.map((a) => {
            const isCurrent = a.account_id === current;
            return (
              <li key={a.account_id}>
                <button
                  type="button"
                  onClick={() => choose(a.account_id, a.account_name)}
                  disabled={choosing !== null}
                  aria-current={isCurrent ? 'true' : undefined}
                  className="group flex w-full items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left transition-colors hover:border-accent hover:bg-accent-soft disabled:opacity-60 aria-[current=true]:border-accent"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 group-hover:bg-white group-hover:text-accent">
                    <Building2 size={20} aria-hidden="true" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium text-slate-900">{a.account_name}</span>
                    <span className="text-sm text-slate-600 tabular">
                      Account ID {a.account_id}
                      {isCurrent ? ' · current' : ''}
                    </span>
                  </span>
                  {choosing === a.account_id ? (
                    <Spinner size={18} label="Switching" />
                  ) : isCurrent ? (
                    <Check size={18} aria-hidden="true" className="text-accent" />
                  ) : (
                    <ChevronRight size={18} aria-hidden="true" className="text-slate-400 group-hover:text-accent" />
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {impersonate.isError ? (
        <AlertBox tone="error" className="mt-4">
          We could not switch to that account. Please try again.
        </AlertBox>
      ) : null}
    </Modal>
  );
}
