import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';
import { createPortal } from 'react-dom';
import { alertsStore, markCollectable, type Alert } from '../../lib/alerts.ts';
import { cn } from './cn.ts';
import { useToastPlace } from './toast-slot.ts';

const look: Record<Alert['type'], { cls: string; icon: typeof Info }> = {
  success: { cls: 'bg-green-700 text-white', icon: CircleCheck },
  error: { cls: 'bg-red-700 text-white', icon: CircleAlert },
  warning: { cls: 'bg-amber-300 text-amber-950', icon: TriangleAlert },
  info: { cls: 'bg-slate-800 text-white', icon: Info },
};

/**
 * Toast alerts (docs/screens.md): success green, error red, 4 s, newest on top. At the top of the
 * window, or while a modal is open under its header (toast-slot.ts), never over its title or close.
 */
export function Toasts() {
  const list = alertsStore.use();
  const place = useToastPlace();
  const visible = list.filter((a) => !a.collectable).sort((a, b) => a.position - b.position);
  const region = (
    <div
      aria-live="polite"
      className={cn(
        'flex w-full flex-col gap-2',
        place ? 'px-5 pt-3 empty:hidden sm:px-6' : 'items-center sm:items-end',
      )}
    >
      {visible.map((a) => {
        const { cls, icon: IconC } = look[a.type];
        return (
          <div
            key={a.id}
            role={a.type === 'error' ? 'alert' : 'status'}
            data-alert-type={a.type}
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 rounded-xl px-4 py-3 text-sm animate-toast-in',
              place ? 'shadow-sm' : 'max-w-sm shadow-lg',
              cls,
            )}
          >
            <IconC aria-hidden="true" size={18} className="mt-px shrink-0" />
            <p className="flex-1 leading-snug">{a.message}</p>
            <button
              type="button"
              onClick={() => markCollectable(a.id)}
              className="-m-1 rounded p-1 opacity-85 hover:opacity-100 focus-visible:outline-white"
              aria-label="Hide this message"
            >
              <X size={16} aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
  return place ? (
    createPortal(region, place)
  ) : (
    <div className="print:hidden pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3 sm:top-4 sm:right-4 sm:left-auto sm:items-end">
      {region}
    </div>
  );
}
