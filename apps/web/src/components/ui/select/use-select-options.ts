import { SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LoadOptions, SelectOption } from './types.ts';

export interface OptionsSource {
  options?: readonly SelectOption[];
  loadOptions?: LoadOptions;
}

interface Lazy {
  items: SelectOption[];
  next: string | null;
  loading: boolean;
  /** The last page asked for failed. */
  failed: boolean;
  /** Every option any page has shown, so a chosen value keeps its label after the list restarts. */
  seen: ReadonlyMap<string, SelectOption>;
}

interface Generation {
  search: string;
  controller: AbortController;
  busy: boolean;
}

export interface SelectOptions {
  items: SelectOption[];
  loading: boolean;
  /** A page failed to load: said as such, not as 'No option available.' (opening again retries). */
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  /** The option of a value among static options or anything loaded so far. */
  lookup: (value: string) => SelectOption | undefined;
}

// A cursor page that overlaps the previous one must not repeat an option (and a React key).
const appendNew = (items: SelectOption[], more: readonly SelectOption[]) => {
  const have = new Set(items.map((o) => o.value));
  return [...items, ...more.filter((o) => !have.has(o.value))];
};

const remember = (seen: ReadonlyMap<string, SelectOption>, options: readonly SelectOption[]) => {
  const next = new Map(seen);
  for (const o of options) next.set(o.value, o);
  return next;
};

/**
 * The option list of a select: static options filtered here, or lazy pages filtered by the server.
 * Lazy: the first page on open, the next one on demand while a cursor exists, a fresh first page
 * (debounced) when the search changes. Each open/search is a generation with its own AbortSignal,
 * so nothing from an earlier search or an earlier opening can land in the list.
 */
export function useSelectOptions(
  { options, loadOptions }: OptionsSource,
  search: string,
  isOpen: boolean,
): SelectOptions {
  const term = search.trim();
  const lazy = loadOptions !== undefined;

  const staticItems = useMemo(() => {
    if (!options) return [];
    const needle = term.toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : [...options];
  }, [options, term]);
  const staticByValue = useMemo(() => new Map((options ?? []).map((o) => [o.value, o])), [options]);

  // Callers often pass an inline function; reading it through a ref keeps it out of the effect's
  // dependencies, otherwise every render would restart the list.
  const loaderRef = useRef(loadOptions);
  useEffect(() => {
    loaderRef.current = loadOptions;
  });

  const [page, setPage] = useState<Lazy>({ items: [], next: null, loading: false, failed: false, seen: new Map() });
  const generation = useRef<Generation | null>(null);

  const fetchPage = useCallback((cursor: string | null) => {
    const gen = generation.current;
    const load = loaderRef.current;
    if (!gen || !load || gen.busy || gen.controller.signal.aborted) return;
    gen.busy = true;
    setPage((p) => (p.loading && !p.failed ? p : { ...p, loading: true, failed: false }));
    const { signal } = gen.controller;
    load({ search: gen.search, cursor, signal }).then(
      (res) => {
        if (signal.aborted) return;
        gen.busy = false;
        setPage((p) => ({
          items: cursor === null ? res.options : appendNew(p.items, res.options),
          next: res.next,
          loading: false,
          failed: false,
          seen: remember(p.seen, res.options),
        }));
      },
      () => {
        if (signal.aborted) return;
        gen.busy = false;
        // A failed page ends the list rather than retrying in a loop on every scroll.
        setPage((p) => ({ ...p, next: null, loading: false, failed: true }));
      },
    );
  }, []);

  const wasOpen = useRef(false);
  useEffect(() => {
    if (!lazy || !isOpen) {
      wasOpen.current = false;
      return;
    }
    // Opening answers at once; only typing waits for the debounce.
    const immediate = !wasOpen.current;
    wasOpen.current = true;
    const controller = new AbortController();
    generation.current = { search: term, controller, busy: false };
    setPage((p) => ({ ...p, items: [], next: null, loading: true, failed: false }));
    // Typing waits as a list's search box does (docs/limits.md), so a word is one request, not one per key.
    const timer = immediate ? null : setTimeout(() => fetchPage(null), SEARCH_DEBOUNCE_MS);
    if (immediate) fetchPage(null);
    return () => {
      if (timer) clearTimeout(timer);
      controller.abort();
    };
  }, [lazy, isOpen, term, fetchPage]);

  const hasMore = lazy && page.next !== null;
  const next = page.next;
  const loadMore = useCallback(() => {
    if (next !== null) fetchPage(next);
  }, [next, fetchPage]);

  const lookup = useCallback(
    (value: string) => staticByValue.get(value) ?? page.seen.get(value),
    [staticByValue, page.seen],
  );

  if (!lazy) return { items: staticItems, loading: false, failed: false, hasMore: false, loadMore, lookup };
  return { items: page.items, loading: page.loading, failed: page.failed, hasMore, loadMore, lookup };
}
