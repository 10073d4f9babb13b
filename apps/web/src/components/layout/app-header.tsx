import { ChevronDown, Menu } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { useCurrentUser, useTimeZone } from '../../features/user/api/user.ts';
import { cn } from '../ui/cn.ts';
import { Icon } from '../ui/icons.tsx';
import { Logo } from '../ui/logo.tsx';
import { isActive, MAIN_NAV, USER_NAV } from './nav-items.ts';
import { MobileNav } from './mobile-nav.tsx';
import { useLogout } from './use-logout.ts';

function initials(first?: string, last?: string) {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || '·';
}

export function AppHeader() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { data: user } = useCurrentUser();
  const timeZone = useTimeZone();
  const [mobileOpen, setMobileOpen] = useState(false);
  const fullName = user ? `${user.firstname} ${user.lastname}` : '';

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-3 px-4 sm:px-6">
        <button
          type="button"
          className="-ml-1 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label="Open navigation"
          aria-expanded={mobileOpen}
          onClick={() => setMobileOpen(true)}
        >
          <Menu size={22} aria-hidden="true" />
        </button>
        <Link to={paths.home} className="flex items-center rounded-lg" aria-label="Home">
          <Logo compact />
        </Link>

        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {MAIN_NAV.map((item) => {
            const active = isActive(item, pathname);
            return (
              <NavLink
                key={item.label}
                to={item.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium transition-colors',
                  active ? 'bg-accent-soft text-accent' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <Icon name={item.icon} size={17} />
                {item.label}
              </NavLink>
            );
          })}
        </nav>

        <div className="ml-auto flex items-center gap-1.5">
          <NotificationBell timeZone={timeZone} />

          {/* Not modal: a modal menu hides the page with aria-hidden while its links stay focusable. */}
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              className="inline-flex h-10 items-center gap-2 rounded-lg pr-2 pl-1 text-sm font-medium text-slate-800 hover:bg-slate-100 data-[state=open]:bg-slate-100"
              aria-label={fullName ? `Account menu for ${fullName}` : 'Account menu'}
            >
              <span className="flex size-8 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white">
                {initials(user?.firstname, user?.lastname)}
              </span>
              <span className="hidden max-w-[12rem] truncate md:inline">{fullName}</span>
              <ChevronDown size={16} aria-hidden="true" className="hidden text-slate-500 md:inline" />
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
                  onSelect={logout}
                  className="flex h-9 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
                >
                  <Icon name="Log Out" size={17} className="text-slate-600" />
                  Log Out
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      </div>
      <MobileNav open={mobileOpen} onOpenChange={setMobileOpen} onLogout={logout} />
    </header>
  );
}
