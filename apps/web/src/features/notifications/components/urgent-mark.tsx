import { cn } from '../../../components/ui/cn.ts';

/** The red exclamation badge of an urgent notification (docs/screens.md Notifications). */
export function UrgentMark({ size = 'md' }: { size?: 'sm' | 'md' }) {
  return (
    <span
      data-testid="urgent-badge"
      title="Urgent"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-red-600 font-bold text-white',
        size === 'sm' ? 'size-4 text-[11px]' : 'size-5 text-xs',
      )}
    >
      <span aria-hidden="true">!</span>
      <span className="sr-only">Urgent</span>
    </span>
  );
}
