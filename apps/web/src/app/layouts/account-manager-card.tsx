import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import X from 'lucide-react/icons/x';
import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import { QueryBlock } from '../../components/ui/query-block.tsx';
import { useAccountManager } from '../../features/user/api/get-account-manager.ts';
import { useCurrentUser } from '../../features/user/api/user.ts';
import { ManagerButtonContent, managerButtonClass } from '../../components/layout/manager-button.tsx';

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2);

/**
 * The account manager's card (docs/screens.md): name, e-mail and phone from `POST manager`, asked when
 * the card opens; opened from the header's button. `defaultOpen` when its stand-in was clicked.
 */
export function AccountManagerCard({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { data: user } = useCurrentUser();
  const [open, setOpen] = useState(defaultOpen);
  const manager = useAccountManager(open);
  if (!user?.account_manager_name) return null;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className={managerButtonClass} aria-label="Your account manager" title="Your account manager">
        <ManagerButtonContent />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="end"
          sideOffset={8}
          collisionPadding={12}
          aria-label="Your account manager"
          className="z-50 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-xl animate-fade-in"
        >
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-semibold text-slate-900">Your account manager</p>
            <Popover.Close className="-m-1 rounded p-1 text-slate-500 hover:text-slate-800" aria-label="Close">
              <X size={16} aria-hidden="true" />
            </Popover.Close>
          </div>
          <QueryBlock
            query={manager}
            what="your account manager"
            boxed={false}
            compact
            loading={
              <div aria-hidden="true" className="mt-3 flex animate-pulse flex-col gap-3">
                <div className="flex items-center gap-3">
                  <span className="size-10 rounded-full bg-slate-200" />
                  <span className="h-4 w-32 rounded-full bg-slate-200" />
                </div>
                <span className="h-3.5 w-48 rounded-full bg-slate-200/80" />
                <span className="h-3.5 w-32 rounded-full bg-slate-200/80" />
              </div>
            }
          >
            {(m) =>
              m === null ? (
                <p className="mt-3 text-sm text-slate-600">No account manager is assigned to your account yet.</p>
              ) : (
                <>
                  <div className="mt-3 flex items-center gap-3">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent">
                      {initials(m.name)}
                    </span>
                    <p className="min-w-0 font-semibold break-words text-slate-900">{m.name}</p>
                  </div>
                  <ul className="mt-4 flex flex-col gap-2 text-sm">
                    {m.email ? (
                      <li>
                        <a
                          href={`mailto:${m.email}`}
                          className="flex items-center gap-2.5 rounded break-all text-slate-800 hover:text-accent"
                        >
                          <Mail size={16} aria-hidden="true" className="shrink-0 text-slate-500" />
                          {m.email}
                        </a>
                      </li>
                    ) : null}
                    {m.phone ? (
                      <li>
                        <a
                          href={`tel:${m.phone.replace(/\s+/g, '')}`}
                          className="flex items-center gap-2.5 rounded text-slate-800 hover:text-accent"
                        >
                          <Phone size={16} aria-hidden="true" className="shrink-0 text-slate-500" />
                          <span className="tabular">{m.phone}</span>
                        </a>
                      </li>
                    ) : null}
                  </ul>
                </>
              )
            }
          </QueryBlock>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
