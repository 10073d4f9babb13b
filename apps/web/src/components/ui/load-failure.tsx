import RefreshCw from 'lucide-react/icons/refresh-cw';
import ServerCrash from 'lucide-react/icons/server-crash';
import { failureDetail } from '../../lib/load-failure.ts';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

export interface LoadFailureProps {
  /** What could not be loaded, as a reader names it: 'this report', 'the invoice'. */
  what: string;
  error: unknown;
  onRetry: () => void;
  /** A retry is under way. */
  retrying?: boolean;
  /** One line and a small button, for a panel or a list's footer. */
  compact?: boolean;
  /** The headline (compact: the line), where a screen has its own words for a failure ('Something went wrong, try again.'). */
  title?: string;
  className?: string;
}

/**
 * A load that failed, said as a failure with a way to try again: never the empty state, which a
 * publisher would read as "no data" (no earnings, no invoices). Every list, report, panel and page
 * block shows this one.
 */
export function LoadFailure({ what, error, onRetry, retrying, compact, title, className }: LoadFailureProps) {
  const detail = failureDetail(error);
  if (compact) {
    return (
      <div
        role="alert"
        data-testid="load-failure"
        className={cn('flex flex-wrap items-center justify-center gap-x-3 gap-y-2 px-4 py-4 text-sm', className)}
      >
        <span className="text-slate-800">
          {title ?? `Could not load ${what}.`}
          {detail ? <span className="text-slate-600"> {detail}</span> : null}
        </span>
        <Button
          variant="secondary"
          size="sm"
          onClick={onRetry}
          loading={retrying}
          icon={<RefreshCw size={14} aria-hidden="true" />}
        >
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-testid="load-failure"
      className={cn('flex flex-col items-center justify-center gap-1 px-6 py-12 text-center', className)}
    >
      <span className="mb-2 flex size-10 items-center justify-center rounded-full bg-red-50 text-red-700">
        <ServerCrash size={20} aria-hidden="true" />
      </span>
      <p className="text-[15px] font-medium text-slate-900">{title ?? 'Something went wrong.'}</p>
      <p className="max-w-md text-sm text-slate-600">
        Could not load {what}.{detail ? ` ${detail}` : ''}
      </p>
      <Button
        variant="secondary"
        onClick={onRetry}
        loading={retrying}
        className="mt-3"
        icon={<RefreshCw size={16} aria-hidden="true" />}
      >
        Try again
      </Button>
    </div>
  );
}
