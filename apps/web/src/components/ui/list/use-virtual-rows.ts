import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TableState } from './types.ts';

/** The element's offset from the top of the document, kept current (the virtualiser's scroll margin). */
function useDocumentOffset(ref: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setOffset(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, [ref]);
  return offset;
}

/**
 * Rows virtualised against the window (the page scrolls, not a box inside it), measured as they
 * render, with the space of the rows not rendered as padding above and below; asks for the next
 * page once the last row on screen is within `prefetch` rows of the end.
 */
export function useVirtualRows<Row, E extends HTMLElement>(opts: {
  rows: Row[];
  rowKey: (row: Row) => string | number;
  state: TableState;
  estimate: number;
  overscan: number;
  prefetch: number;
}) {
  const { rows, rowKey, state, estimate, overscan, prefetch } = opts;
  const ref = useRef<E>(null);
  const scrollMargin = useDocumentOffset(ref);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimate,
    overscan,
    scrollMargin,
    getItemKey: (i) => rowKey(rows[i]!),
  });
  const items = virtualizer.getVirtualItems();
  // The last row on screen (not the overscan rendered beyond it): the next page is asked for as
  // the reader comes near the end, not as soon as the first page is in.
  const lastVisible = virtualizer.range?.endIndex ?? -1;
  const { hasMore, loadingMore, loadMore } = state;
  useEffect(() => {
    if (hasMore && !loadingMore && lastVisible >= 0 && lastVisible >= rows.length - 1 - prefetch) loadMore();
  }, [lastVisible, rows.length, hasMore, loadingMore, loadMore, prefetch]);

  return {
    ref,
    items,
    measure: virtualizer.measureElement,
    paddingTop: items.length ? items[0]!.start - scrollMargin : 0,
    paddingBottom: items.length ? virtualizer.getTotalSize() - (items.at(-1)!.end - scrollMargin) : 0,
  };
}
