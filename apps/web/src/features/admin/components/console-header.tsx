import LogOut from 'lucide-react/icons/log-out';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link, NavLink, useLocation } from 'react-router';
import { OPERATOR_ROLE_LABELS, roleAllows } from '@portal/shared/admin/operators.constants';
import { cn } from '../../../components/ui/cn.ts';
import { consolePaths } from '../console-paths.ts';
import { useOperatorMe } from '../api/session.ts';
import { ConsoleBrand } from './console-brand.tsx';
import { CONSOLE_NAV, isConsoleNavActive } from '../console-nav.ts';
import { useConsoleSignOut } from '../use-console-sign-out.ts';

/**
 * The console's header: the network's console name, the areas the operator's role opens (a row
 * that scrolls sideways on a phone), the operator, Security and Log out.
 */
export function ConsoleHeader() {
  const { pathname } = useLocation();
  const { data: me } = useOperatorMe();
  const signOut = useConsoleSignOut();
  const items = CONSOLE_NAV.filter((item) => !item.role || (me && roleAllows(me.role, item.role)));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-[1440px] items-center gap-3 px-4 sm:px-6">
        <Link to={consolePaths.overview} className="flex min-w-0 items-center gap-2.5 rounded-lg">
          <ConsoleBrand />
        </Link>
        <div className="ml-auto flex items-center gap-1">
          {me ? (
            <span className="mr-2 hidden text-right text-sm leading-tight md:block">
              <span className="block font-medium text-slate-900">{me.name || me.email}</span>
              <span className="block text-xs text-slate-600">{OPERATOR_ROLE_LABELS[me.role]}</span>
            </span>
          ) : null}
          <NavLink
            to={consolePaths.security}
            className={({ isActive }) =>
              cn(
                'inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium',
                isActive ? 'bg-accent-soft text-accent' : 'text-slate-700 hover:bg-slate-100',
              )
            }
          >
            <ShieldCheck size={17} aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Security</span>
          </NavLink>
          <button
            type="button"
            onClick={() => void signOut()}
            className="inline-flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <LogOut size={17} aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Log out</span>
          </button>
        </div>
      </div>
      <nav aria-label="Console" className="border-t border-slate-100">
        <ul className="mx-auto flex max-w-[1440px] gap-1 overflow-x-auto px-3 py-1.5 sm:px-5">
          {items.map((item) => {
            const active = isConsoleNavActive(item, pathname);
            return (
              <li key={item.to} className="shrink-0">
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap',
                    active ? 'bg-accent-soft text-accent' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  <item.icon size={17} aria-hidden="true" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
