import type { ListResponse } from '@portal/shared/common/list';
import { SKELETON_DELAY_MS, SLOW_LOAD_MESSAGE_MS } from '@portal/shared/constants';
import {
  keepPreviousData,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { isShownFailure } from '../../../lib/load-failure.ts';
import { useElapsed } from '../../../lib/use-elapsed.ts';
import { loadingDisplay, type LoadingDisplay } from './loading-display.ts';

export interface InfiniteListOptions<Page extends ListResponse<unknown>> {
  /** Everything the first page depends on (filters, sort, order, search): a change restarts the list. */
  queryKey: QueryKey;
  fetchPage: (page: { cursor: string | null; signal: AbortSignal }) => Promise<Page>;
  enabled?: boolean;
}

export interface InfiniteList<Row, Page extends ListResponse<unknown> = ListResponse<Row>> {
  /** The first page as answered (what it says besides its rows, e.g. a report's time zone). */
  firstPage: Page | undefined;
  rows: Row[];
  hasMore: boolean;
  loadMore: () => void;
  loadingMore: boolean;
  /** The first page of the current filters is loading (first load, a change, or a refresh). */
  loading: boolean;
  /** No page has arrived since the list was shown. */
  initial: boolean;
  refresh: () => void;
  refreshing: boolean;
  /** Skeleton, first-load placeholder and slow-load message per docs/screens.md (loading-display.ts). */
  display: LoadingDisplay;
  isError: boolean;
  error: unknown;
  /** The first page failed (a server fault, a lost connection; not a cancelled request): shown, with a retry. */
  failed: boolean;
  /** The next page failed: the rows stay, the footer offers a retry (and scrolling stops asking). */
  moreFailed: boolean;
  /** Tries the failed page again. */
  retry: () => void;
}

/**
 * A cursor-paged list (docs/screens.md "Lists and reports"): pages load one after another while a next
 * cursor exists. A new query key (filter, sort or search) starts again from the first page and
 * aborts the request in flight (TanStack Query aborts the signal of a query nobody observes any
 * more); the rows already shown stay until the new first page arrives (the skeleton takes their
 * place after 1.5 s). `refresh` keeps only the first page and loads it again, cancelling whatever
 * was loading.
 */
/** The row type of a page. */
type RowOf<Page> = Page extends ListResponse<infer R> ? R : never;

export function useInfiniteList<Page extends ListResponse<unknown>>({
  queryKey,
  fetchPage,
  enabled = true,
}: InfiniteListOptions<Page>): InfiniteList<RowOf<Page>, Page> {
  const qc = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const seenData = useRef(false);
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor.next ?? undefined,
    enabled,
    placeholderData: keepPreviousData,
    // A list is read as it is now: no stale pages from an earlier visit shown as current.
    staleTime: 0,
    gcTime: 60_000,
  });

  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.data as RowOf<Page>[]) ?? [], [query.data]);
  if (query.data && !query.isPlaceholderData) seenData.current = true;
  const loadingMore = query.isFetchingNextPage;
  const loading = enabled && (query.isPending || query.isPlaceholderData || refreshing);
  const elapsed = useElapsed(loading, [SKELETON_DELAY_MS, SLOW_LOAD_MESSAGE_MS]);

  const { hasNextPage, isFetchingNextPage, isPlaceholderData, isFetchNextPageError, fetchNextPage, refetch } = query;
  const moreFailed = isFetchNextPageError && isShownFailure(query.error);
  const loadMore = useCallback(() => {
    // Placeholder rows belong to the previous filters: their cursor means nothing for the new ones.
    // After a failed page, only the reader's retry asks again (no request per scroll event).
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData && !moreFailed) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, moreFailed, fetchNextPage]);

  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const refresh = useCallback(() => {
    setRefreshing(true);
    qc.setQueryData<InfiniteData<Page, string | null>>(keyRef.current, (d) =>
      d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
    );
    void refetch({ cancelRefetch: true }).finally(() => setRefreshing(false));
  }, [qc, refetch]);

  const failed = query.isError && !isFetchNextPageError && !refreshing && isShownFailure(query.error);
  const retry = useCallback(() => {
    if (isFetchNextPageError) void fetchNextPage();
    else refresh();
  }, [isFetchNextPageError, fetchNextPage, refresh]);

  const initial = !seenData.current;
  return {
    firstPage: query.data?.pages[0],
    rows,
    hasMore: Boolean(hasNextPage) && !isPlaceholderData && !moreFailed,
    loadMore,
    loadingMore,
    loading,
    initial,
    refresh,
    refreshing,
    display: loadingDisplay({ loading, initial, loadingMore, elapsedMs: elapsed, hasRows: rows.length > 0 }),
    isError: query.isError,
    error: query.error,
    failed,
    moreFailed,
    retry,
  };
}
