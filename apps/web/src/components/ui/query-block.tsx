import { SLOW_LOAD_MESSAGE_MS } from '@portal/shared/constants';
import type { ReactNode } from 'react';
import { isShownFailure } from '../../lib/load-failure.ts';
import { useElapsed } from '../../lib/use-elapsed.ts';
import { cn } from './cn.ts';
import { SlowLoadMessage } from './list/table-parts.tsx';
import { LoadFailure } from './load-failure.tsx';
import { LoadingBlock } from './spinner.tsx';

/** What a block needs of a query (TanStack Query's result has all of it). */
export interface BlockQuery<T> {
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * A page block that shows one query's data: loading while it loads (with the slow-load message
 * after 9.5 s), the failure with a retry when it failed — never an empty or half-drawn block that
 * reads as "nothing here" — and the data once it is there.
 */
export function QueryBlock<T>({
  query,
  what,
  loading,
  boxed = true,
  compact = false,
  className,
  children,
}: {
  query: BlockQuery<T>;
  /** What the block shows, as a reader names it: 'the offer', 'your invoice'. */
  what: string;
  /** A placeholder shaped like the content; a spinner with a line of text by default. */
  loading?: ReactNode;
  /** The failure in a card of its own (a page's body); false inside a card that is already drawn. */
  boxed?: boolean;
  /** The failure on one line (a sidebar panel). */
  compact?: boolean;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const waiting = query.data === undefined && (query.isFetching || !query.error);
  const elapsed = useElapsed(waiting, [SLOW_LOAD_MESSAGE_MS]);
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (waiting) {
    return (
      <>
        {elapsed >= SLOW_LOAD_MESSAGE_MS ? <SlowLoadMessage /> : null}
        {loading ?? <LoadingBlock label={`Loading ${what}…`} />}
      </>
    );
  }
  if (!isShownFailure(query.error)) return null;
  return (
    <div className={cn(boxed && 'rounded-xl border border-slate-200 bg-white shadow-xs', className)}>
      <LoadFailure compact={compact} what={what} error={query.error} onRetry={() => void query.refetch()} />
    </div>
  );
}
