import { Mail, Phone, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useCurrentUser } from '../../features/user/api/user.ts';
import { ManagerButtonContent, managerButtonClass } from '../../components/layout/manager-button.tsx';

/** The account manager's floating card (docs/screens.md): name, email, phone; `defaultOpen` when its stand-in was clicked. */
export function AccountManagerCard({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { data: user } = useCurrentUser();
  if (!user?.account_manager_name) return null;
  const { account_manager_name: name, account_manager_email: email, account_manager_phone: phone } = user;
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className={managerButtonClass} aria-label="Your account manager">
        <ManagerButtonContent />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="end"
          sideOffset={10}
          collisionPadding={16}
          aria-label="Your account manager"
          className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-xl animate-fade-in"
        >
          <div className="flex items-start justify-between gap-2">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent">
                {name
                  .split(' ')
                  .map((p) => p[0])
                  .join('')
                  .slice(0, 2)}
              </span>
              <div>
                <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Your account manager</p>
                <p className="font-semibold text-slate-900">{name}</p>
              </div>
            </div>
            <Popover.Close className="-m-1 rounded p-1 text-slate-500 hover:text-slate-800" aria-label="Close">
              <X size={16} aria-hidden="true" />
            </Popover.Close>
          </div>
          <ul className="mt-4 flex flex-col gap-2 text-sm">
            {email ? (
              <li>
                <a
                  href={`mailto:${email}`}
                  className="flex items-center gap-2.5 rounded text-slate-800 hover:text-accent"
                >
                  <Mail size={16} aria-hidden="true" className="text-slate-500" />
                  {email}
                </a>
              </li>
            ) : null}
            {phone ? (
              <li>
                <a
                  href={`tel:${phone.replace(/\s+/g, '')}`}
                  className="flex items-center gap-2.5 rounded text-slate-800 hover:text-accent"
                >
                  <Phone size={16} aria-hidden="true" className="text-slate-500" />
                  <span className="tabular">{phone}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
