import X from 'lucide-react/icons/x';
import * as Dialog from '@radix-ui/react-dialog';
import { NavLink, useLocation } from 'react-router';
import { cn } from '../ui/cn.ts';
import { Icon } from '../ui/icons.tsx';
import { Logo } from '../ui/logo.tsx';
import { isActive, MAIN_NAV, USER_NAV, type NavItem } from './nav-items.ts';

/** Side navigation under 1024 px: the header and user menu items in one panel (docs/screens.md). */
export function MobileNav({
  open,
  onOpenChange,
  onLogout,
  onSwitchAccount,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onLogout: () => void;
  /** Opens the account switch; given for a user linked to several accounts. */
  onSwitchAccount?: (() => void) | undefined;
}) {
  const { pathname } = useLocation();
  const link = (item: NavItem) => {
    const active = isActive(item, pathname);
    return (
      <NavLink
        key={item.label}
        to={item.to}
        onClick={() => onOpenChange(false)}
        aria-current={active ? 'page' : undefined}
        className={cn(
          'flex h-11 items-center gap-3 rounded-lg px-3 text-[15px] font-medium',
          active ? 'bg-accent-soft text-accent' : 'text-slate-800 hover:bg-slate-100',
        )}
      >
        <Icon name={item.icon} size={19} />
        {item.label}
      </NavLink>
    );
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40 animate-fade-in lg:hidden" />
        <Dialog.Content
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl animate-sheet-in focus:outline-none lg:hidden"
          aria-describedby={undefined}
        >
          <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
            <Logo />
            <Dialog.Close
              className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
              aria-label="Close navigation"
            >
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Navigation</Dialog.Title>
          <nav aria-label="Mobile" className="flex flex-1 flex-col gap-1 overflow-y-auto p-3">
            {MAIN_NAV.map(link)}
            <div className="my-2 h-px bg-slate-200" />
            {USER_NAV.map(link)}
            {onSwitchAccount ? (
              <button
                type="button"
                onClick={() => {
                  onOpenChange(false);
                  onSwitchAccount();
                }}
                className="flex h-11 items-center gap-3 rounded-lg px-3 text-left text-[15px] font-medium text-slate-800 hover:bg-slate-100"
              >
                <Icon name="Account" size={19} />
                Switch account
              </button>
            ) : null}
            <button
              type="button"
              onClick={() => {
                onOpenChange(false);
                onLogout();
              }}
              className="flex h-11 items-center gap-3 rounded-lg px-3 text-left text-[15px] font-medium text-slate-800 hover:bg-slate-100"
            >
              <Icon name="Log Out" size={19} />
              Log Out
            </button>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
