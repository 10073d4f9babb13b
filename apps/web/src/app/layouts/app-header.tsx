import Menu from 'lucide-react/icons/menu';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { openAccountSwitch } from '../../features/auth/account-switch/account-switch-store.ts';
import { LazyAccountManagerCard } from './lazy-account-manager-card.tsx';
import { LazyNotificationBell } from '../../features/notifications/components/lazy-notification-bell.tsx';
import { useCurrentUser, useTimeZone } from '../../features/user/api/user.ts';
import { cn } from '../../components/ui/cn.ts';
import { Icon } from '../../components/ui/icons.tsx';
import { Logo } from '../../components/ui/logo.tsx';
import { deferred, useDeferred } from '../../components/ui/deferred.tsx';
import { LazyUserMenu } from '../../components/layout/lazy-user-menu.tsx';
import { isActive, MAIN_NAV } from '../../components/layout/nav-items.ts';
import { useLogout } from '../../components/layout/use-logout.ts';

// The side navigation (a phone's menu) loads when the menu button is reached for.
const mobileNav = deferred(() => import('../../components/layout/mobile-nav.tsx').then((m) => m.MobileNav));

export function AppHeader() {
  const { pathname } = useLocation();
  const logout = useLogout();
  const { data: user } = useCurrentUser();
  const timeZone = useTimeZone();
  const [mobileOpen, setMobileOpen] = useState(false);
  const { value: MobileNav, request: loadMobileNav } = useDeferred(mobileNav);
  // A user linked to several accounts switches from the account menu (docs/screens.md "Select account").
  const switchAccount = user?.multi_account ? openAccountSwitch : undefined;

  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-[1440px] items-center gap-3 px-4 sm:px-6">
        <button
          type="button"
          className="-ml-1 inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
          aria-label="Open navigation"
          aria-expanded={mobileOpen}
          onPointerEnter={loadMobileNav}
          onClick={() => {
            loadMobileNav();
            setMobileOpen(true);
          }}
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
          <LazyAccountManagerCard />
          <LazyNotificationBell timeZone={timeZone} />

          <LazyUserMenu user={user ?? null} onLogout={logout} onSwitchAccount={switchAccount} />
        </div>
      </div>
      {MobileNav ? (
        <MobileNav open={mobileOpen} onOpenChange={setMobileOpen} onLogout={logout} onSwitchAccount={switchAccount} />
      ) : null}
    </header>
  );
}
