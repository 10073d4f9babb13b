import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';
import { alertsStore, markCollectable, type Alert } from '../../lib/alerts.ts';
import { cn } from './cn.ts';

const look: Record<Alert['type'], { cls: string; icon: typeof Info }> = {
  success: { cls: 'bg-green-700 text-white', icon: CircleCheck },
  error: { cls: 'bg-red-700 text-white', icon: CircleAlert },
  warning: { cls: 'bg-amber-300 text-amber-950', icon: TriangleAlert },
  info: { cls: 'bg-slate-800 text-white', icon: Info },
};

/** Toast alerts (docs/screens.md): success green, error red, 4 s, newest on top. */
export function Toasts() {
  const list = alertsStore.use();
  const visible = list.filter((a) => !a.collectable).sort((a, b) => a.position - b.position);
  return (
    <div className="print:hidden pointer-events-none fixed inset-x-0 top-3 z-[100] flex flex-col items-center gap-2 px-3 sm:top-4 sm:right-4 sm:left-auto sm:items-end">
      <div aria-live="polite" className="flex w-full flex-col items-center gap-2 sm:items-end">
        {visible.map((a) => {
          const { cls, icon: IconC } = look[a.type];
          return (
            <div
              key={a.id}
              role={a.type === 'error' ? 'alert' : 'status'}
              data-alert-type={a.type}
              className={cn(
                'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl px-4 py-3 text-sm shadow-lg animate-toast-in',
                cls,
              )}
            >
              <IconC aria-hidden="true" size={18} className="mt-px shrink-0" />
              <p className="flex-1 leading-snug">{a.message}</p>
              <button
                type="button"
                onClick={() => markCollectable(a.id)}
                className="-m-1 rounded p-1 opacity-85 hover:opacity-100 focus-visible:outline-white"
                aria-label="Dismiss"
              >
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
