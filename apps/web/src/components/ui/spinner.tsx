import LoaderCircle from 'lucide-react/icons/loader-circle';
import { cn } from './cn.ts';

export function Spinner({ size = 20, className, label }: { size?: number; className?: string; label?: string }) {
  return (
    <>
      <LoaderCircle
        aria-hidden="true"
        size={size}
        className={cn('animate-spin text-accent motion-reduce:animate-none', className)}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}

/** A centred spinner with a visible line of text (loading states). */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-12 text-sm text-slate-600">
      <Spinner size={28} />
      <span>{label}</span>
    </div>
  );
}
