import { LoadFailure } from '../load-failure.tsx';
import { Spinner } from '../spinner.tsx';
import { cn } from '../cn.ts';
import { END_OF_LIST, SLOW_LOAD_MESSAGE } from './loading-display.ts';

/** A skeleton of `rows` × `columns` bars (default 6 × 6, docs/limits.md). */
export function SkeletonRows({
  rows = 6,
  columns = 6,
  stacked,
  testId = 'skeleton',
}: {
  rows?: number;
  columns?: number;
  stacked?: boolean;
  testId?: string;
}) {
  return (
    <div
      aria-hidden="true"
      data-testid={testId}
      className={cn('animate-pulse', stacked ? 'flex flex-col gap-3' : 'divide-y divide-slate-100')}
    >
      {Array.from({ length: rows }, (_, r) => (
        <div
          key={r}
          className={cn(
            stacked ? 'flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4' : 'grid gap-4 px-4 py-3.5',
          )}
          style={stacked ? undefined : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {Array.from({ length: stacked ? Math.min(columns, 4) : columns }, (_, c) => (
            <div key={c} className={cn('h-3.5 rounded-full bg-slate-200/80', c === 0 ? 'w-3/4' : 'w-1/2')} />
          ))}
        </div>
      ))}
    </div>
  );
}

export function SlowLoadMessage() {
  return (
    <p role="status" className="mx-4 my-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {SLOW_LOAD_MESSAGE}
    </p>
  );
}

/** A list's first load: placeholder rows, announced as loading (an empty body would read as "no data"). */
export function FirstLoadRows({ columns, stacked }: { columns: number; stacked?: boolean }) {
  return (
    <div data-testid="first-load">
      <p role="status" className="sr-only">
        Loading…
      </p>
      <SkeletonRows columns={columns} stacked={stacked} testId="first-load-rows" />
    </div>
  );
}

/** The line under an infinite list: more rows loading, the next page failed, or the end reached. */
export function ListFooter({
  loadingMore,
  ended,
  moreFailed,
}: {
  loadingMore: boolean;
  ended: boolean;
  moreFailed?: { error: unknown; retry: () => void; what: string } | null | undefined;
}) {
  if (moreFailed && !loadingMore) {
    return (
      <LoadFailure compact what={`more of ${moreFailed.what}`} error={moreFailed.error} onRetry={moreFailed.retry} />
    );
  }
  if (loadingMore) {
    return (
      <p className="flex items-center justify-center gap-2 py-4 text-sm text-slate-600" role="status">
        <Spinner size={16} /> Loading more…
      </p>
    );
  }
  if (!ended) return null;
  return <p className="py-4 text-center text-sm text-slate-500">{END_OF_LIST}</p>;
}

export function EmptyState({ text, hint }: { text: string; hint?: string | undefined }) {
  return (
    <div className="flex flex-col items-center justify-center gap-1 px-6 py-14 text-center">
      <p className="text-[15px] font-medium text-slate-800">{text}</p>
      {hint ? <p className="max-w-md text-sm text-slate-600">{hint}</p> : null}
    </div>
  );
}
