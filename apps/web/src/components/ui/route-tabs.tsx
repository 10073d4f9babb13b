import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { cn } from './cn.ts';

/** docs/limits.md: a tab click moves the URL after about 150 ms (the new tab shows at once). */
const TAB_NAVIGATION_DELAY_MS = 150;

export interface RouteTab<T extends string = string> {
  value: T;
  label: string;
  /** The tab's path (without query string). */
  to: string;
}

/**
 * Tabs mapped to URLs (docs/screens.md): each tab is its own route, opening a URL opens its tab, and
 * switching keeps the query string.
 */
export function RouteTabs<T extends string>({
  tabs,
  active,
  label,
  phoneSelect,
  children,
}: {
  tabs: RouteTab<T>[];
  active: T;
  label: string;
  /**
   * Below 640 px the tabs become a select with this label (same URLs, same query string kept):
   * for a row of tabs that would fill a phone's screen.
   */
  phoneSelect?: string;
  /** The content of the tab shown (it changes at once; the URL follows). */
  children: (tab: T) => React.ReactNode;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [shown, setShown] = useState(active);
  const selectId = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setShown(active), [active]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const select = (value: string) => {
    const tab = tabs.find((t) => t.value === value);
    if (!tab) return;
    setShown(tab.value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void navigate(`${tab.to}${search}`), TAB_NAVIGATION_DELAY_MS);
  };

  return (
    <Tabs.Root value={shown} onValueChange={select} activationMode="manual">
      {phoneSelect ? (
        // A plain select (the form fields' look), so the pages with tabs load nothing more for it.
        <div className="mb-5 flex flex-col gap-1.5 sm:hidden">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {phoneSelect}
          </label>
          <select
            id={selectId}
            value={shown}
            onChange={(e) => select(e.target.value)}
            className="block h-10 w-full appearance-none rounded-lg border border-slate-300 bg-white bg-[length:16px] bg-[right_0.75rem_center] bg-no-repeat px-3 pr-9 text-[15px] text-slate-900 shadow-xs select-chevron focus:border-accent focus:ring-3 focus:ring-accent/20 focus:outline-none"
          >
            {tabs.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Tabs.List
        aria-label={label}
        // On a phone the tabs are a grid of pills (all visible, none scrolled away; an odd last one
        // spans the row), or the select above; from 640 px a row.
        className={cn(
          'mb-5 sm:flex sm:gap-1 sm:rounded-none sm:border-b sm:border-slate-200 sm:bg-transparent sm:p-0',
          phoneSelect
            ? 'hidden'
            : 'grid grid-cols-2 [&>:last-child:nth-child(odd)]:col-span-2 gap-1 rounded-xl bg-slate-100 p-1',
        )}
      >
        {tabs.map((t) => (
          <Tabs.Trigger
            key={t.value}
            value={t.value}
            className="rounded-lg px-2 py-2 text-sm font-medium text-slate-700 sm:px-3 sm:whitespace-nowrap hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-accent data-[state=active]:shadow-xs sm:relative sm:-mb-px sm:shrink-0 sm:rounded-none sm:border-b-2 sm:border-transparent sm:py-2.5 sm:data-[state=active]:border-accent sm:data-[state=active]:bg-transparent sm:data-[state=active]:shadow-none"
          >
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={shown} className="focus-visible:outline-offset-4">
        {children(shown)}
      </Tabs.Content>
    </Tabs.Root>
  );
}
