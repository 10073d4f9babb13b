import {
  STATUS_BULK_MAX,
  type ConversionDecision,
  type ConversionStatusResponse,
} from '@portal/shared/admin/conversions.schemas';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * The conversions selected for a bulk Approve or Reject (docs/operator-console.md "Conversions"):
 * their ids in the order chosen, never more than the API takes at once (STATUS_BULK_MAX).
 */
export interface Selection {
  ids: readonly string[];
  /** The last change was cut at the limit: more would have been selected. */
  capped: boolean;
}

export const EMPTY_SELECTION: Selection = { ids: [], capped: false };

/** One row's box ticked or cleared; a tick past the limit is refused and said. */
export function toggleOne(s: Selection, id: string, max = STATUS_BULK_MAX): Selection {
  if (s.ids.includes(id)) return { ids: s.ids.filter((x) => x !== id), capped: false };
  if (s.ids.length >= max) return { ids: s.ids, capped: true };
  return { ids: [...s.ids, id], capped: false };
}

/**
 * The header's box: every row shown selected (up to the limit: the first ones, and `capped` says
 * the rest were left), or, when every row shown that can be is already, all of them cleared.
 */
export function togglePage(s: Selection, shown: readonly string[], max = STATUS_BULK_MAX): Selection {
  const chosen = new Set(s.ids);
  if (pageState(s, shown, max) === 'all') return { ids: s.ids.filter((id) => !shown.includes(id)), capped: false };
  const ids = [...s.ids];
  let capped = false;
  for (const id of shown) {
    if (chosen.has(id)) continue;
    if (ids.length >= max) {
      capped = true;
      break;
    }
    ids.push(id);
    chosen.add(id);
  }
  return { ids, capped };
}

/** The header box's look: none, some or all of the rows shown (all: as many as the limit allows). */
export function pageState(s: Selection, shown: readonly string[], max = STATUS_BULK_MAX): 'none' | 'some' | 'all' {
  if (shown.length === 0) return 'none';
  const chosen = new Set(s.ids);
  const on = shown.filter((id) => chosen.has(id)).length;
  if (on === 0) return 'none';
  return on === shown.length || s.ids.length >= max ? 'all' : 'some';
}

/**
 * The selection of a list: cleared when the list's query changes (the rows chosen are no longer
 * the ones shown) and after a bulk change.
 */
export function useConversionSelection(queryKey: string) {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const last = useRef(queryKey);
  useEffect(() => {
    if (last.current === queryKey) return;
    last.current = queryKey;
    setSelection(EMPTY_SELECTION);
  }, [queryKey]);
  const clear = useCallback(() => setSelection(EMPTY_SELECTION), []);
  const toggle = useCallback((id: string) => setSelection((s) => toggleOne(s, id)), []);
  const toggleShown = useCallback((shown: readonly string[]) => setSelection((s) => togglePage(s, shown)), []);
  return useMemo(
    () => ({ selection, chosen: new Set(selection.ids), clear, toggle, toggleShown }),
    [selection, clear, toggle, toggleShown],
  );
}
export type ConversionSelection = ReturnType<typeof useConversionSelection>;

const count = (n: number) => `${n.toLocaleString('en-US')} conversion${n === 1 ? '' : 's'}`;
const DONE = { approved: 'approved', rejected: 'rejected' } as const;

/**
 * A bulk change's answer in words: how many changed, and of the rest how many were already in the
 * status, unknown, or not allowed with each reason and how many it held back.
 */
export function bulkOutcome(status: ConversionDecision, answer: ConversionStatusResponse['data']) {
  const { counts, results } = answer;
  const lines: string[] = [];
  if (counts.unchanged > 0) lines.push(`${count(counts.unchanged)} already ${DONE[status]}.`);
  if (counts.unknown > 0) lines.push(`${count(counts.unknown)} not found.`);
  const reasons = new Map<string, number>();
  for (const r of results)
    if (r.outcome === 'not_allowed') {
      const why = r.message ?? 'Not allowed.';
      reasons.set(why, (reasons.get(why) ?? 0) + 1);
    }
  for (const [why, n] of reasons) lines.push(`${count(n)} not allowed: ${why}`);
  return {
    headline: `${count(counts.changed)} ${DONE[status]}.`,
    /** Why the others did not change; empty when every one did. */
    lines,
  };
}
