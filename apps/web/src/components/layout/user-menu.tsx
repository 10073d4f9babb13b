import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from 'react-router';
import { Icon } from '../ui/icons.tsx';
import { USER_NAV } from './nav-items.ts';
import { UserMenuButtonContent, userMenuButtonClass, userMenuLabel, type MenuUser } from './user-menu-button.tsx';

/** The header's account menu: who is signed in (and a switch to another linked account), the user pages, Log Out. */
export function UserMenu({
  user,
  onLogout,
  onSwitchAccount,
  defaultOpen = false,
}: {
  user: MenuUser | null;
  onLogout: () => void;
  /** Opens the account switch; given for a user linked to several accounts. */
  onSwitchAccount?: (() => void) | undefined;
  /** Open from the start (its stand-in was clicked before it had loaded). */
  defaultOpen?: boolean;
}) {
  const navigate = useNavigate();
  const fullName = user ? `${user.firstname} ${user.lastname}` : '';
  // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable.
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={userMenuButtonClass} aria-label={userMenuLabel(user)}>
        <UserMenuButtonContent user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg animate-fade-in"
        >
          {user ? (
            <div className="px-2.5 pt-1.5 pb-2">
              <p className="truncate text-sm font-semibold text-slate-900">{fullName}</p>
              <p className="truncate text-xs text-slate-600">{user.email}</p>
              <p className="mt-0.5 truncate text-xs text-slate-600">
                {user.publisher_name} · ID {user.publisher_id}
              </p>
            </div>
          ) : null}
          {onSwitchAccount ? (
            <DropdownMenu.Item
              onSelect={onSwitchAccount}
              className="flex h-9 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            >
              <Icon name="Account" size={17} className="text-slate-600" />
              Switch account
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {USER_NAV.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              onSelect={() => void navigate(item.to)}
              className="flex h-9 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            >
              <Icon name={item.icon} size={17} className="text-slate-600" />
              {item.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onLogout}
            className="flex h-9 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <Icon name="Log Out" size={17} className="text-slate-600" />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
