import { SKELETON_DELAY_MS, SLOW_LOAD_MESSAGE_MS } from '@portal/shared/constants';

export interface LoadingPhase {
  /** A request for the list's first page is under way (first load, or a reload after a change). */
  loading: boolean;
  /** No page has arrived yet since the list was mounted. */
  initial: boolean;
  /** The next page of an infinite list is loading. */
  loadingMore: boolean;
  /** How long the current load has lasted. */
  elapsedMs: number;
  /** Rows are on screen (kept from before, or loaded). */
  hasRows: boolean;
}

export interface LoadingDisplay {
  /** The skeleton in place of rows already shown (a slow reload). */
  skeleton: boolean;
  /** The slow-load message. */
  slowMessage: boolean;
  /** Placeholder rows where there is nothing on screen yet (a first load), so it reads as loading, not empty. */
  placeholder: boolean;
}

/**
 * docs/screens.md "Lists and reports", loading display: the skeleton replaces rows already shown only
 * once a reload has lasted 1.5 s — never during the first load, nor while more rows of an infinite
 * list load (the rows stay); after 9.5 s of any first-page load the slow-load message shows. Both
 * clear when loading ends. A load with no rows on screen (the first one) has nothing to keep:
 * placeholder rows show from its start, since an empty body for seconds reads as "no data".
 */
export function loadingDisplay(p: LoadingPhase): LoadingDisplay {
  if (!p.loading) return { skeleton: false, slowMessage: false, placeholder: false };
  return {
    skeleton: !p.initial && !p.loadingMore && p.elapsedMs >= SKELETON_DELAY_MS,
    slowMessage: p.elapsedMs >= SLOW_LOAD_MESSAGE_MS,
    placeholder: !p.hasRows && !p.loadingMore,
  };
}

export const SLOW_LOAD_MESSAGE = 'Content takes a little longer than usual to appear, please hang tight...';
export const END_OF_LIST = "You've reached the end of the list";

/** 'N result' / 'N results' (docs/screens.md Shared); '+' while more pages remain to be loaded. */
export function resultCount(loaded: number, more: boolean): string {
  return `${loaded}${more ? '+' : ''} ${loaded > 1 || more ? 'results' : 'result'}`;
}
