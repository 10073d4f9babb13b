import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import CircleCheck from 'lucide-react/icons/circle-check';
import Info from 'lucide-react/icons/info';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import type { ReactNode } from 'react';
import { cn } from './cn.ts';

export type Tone = 'success' | 'error' | 'warning' | 'info';

const tones: Record<Tone, { box: string; icon: typeof Info }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-900', icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-950', icon: TriangleAlert },
  info: { box: 'border-slate-200 bg-slate-50 text-slate-800', icon: Info },
};

/** An inline message box (docs/screens.md shared pieces "alert box"). */
export function AlertBox({
  tone = 'info',
  title,
  children,
  className,
}: {
  tone?: Tone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { box, icon: IconC } = tones[tone];
  return (
    <div
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-3.5 py-3 text-sm', box, className)}
    >
      <IconC aria-hidden="true" size={18} className="mt-px shrink-0" />
      <div className="flex flex-col gap-0.5">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
