import Bell from 'lucide-react/icons/bell';
import { cn } from '../../../components/ui/cn.ts';
import type { BellState } from '../notification-format.ts';

export const bellButtonClass =
  'relative inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100';

/** The bell button's face: the bell (shaking while an unread one is urgent) and the unread badge. */
export function BellButtonContent({ state }: { state: BellState }) {
  return (
    <>
      <span data-bell-icon className={cn('inline-flex origin-top', state.urgent && 'motion-safe:animate-bell-shake')}>
        <Bell size={20} strokeWidth={1.9} aria-hidden="true" />
      </span>
      {state.badge ? (
        <span
          aria-hidden="true"
          data-testid="bell-badge"
          className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white tabular ring-2 ring-white"
        >
          {state.badge}
        </span>
      ) : null}
    </>
  );
}
