import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DayRange } from '../date-range/date-range.ts';

/**
 * A list filter kept in the address (`?status=pending&advertiser=2`): how its value is read from the
 * query string (anything else reads as no filter) and written back.
 */
export interface AddressFilter<T> {
  read: (value: string) => T | null;
  write: (value: T) => string;
}

/** One of a fixed set of values (a status, a visibility). */
export const oneOfFilter = <T extends string>(values: readonly T[]): AddressFilter<T> => ({
  read: (v) => ((values as readonly string[]).includes(v) ? (v as T) : null),
  write: (v) => v,
});

/** A row's id (a publisher, an offer, an operator). */
export const idFilter: AddressFilter<number> = {
  read: (v) => (/^\d{1,10}$/.test(v) && Number(v) > 0 ? Number(v) : null),
  write: String,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Calendar days, both inclusive: `2026-11-01..2026-11-30`. */
export const dayRangeFilter: AddressFilter<DayRange> = {
  read: (v) => {
    const [start = '', end = ''] = v.split('..');
    return DAY.test(start) && DAY.test(end) && start <= end ? { start, end } : null;
  },
  write: (r) => `${r.start}..${r.end}`,
};

/** Any filter: what a spec of several holds. */
type AnyFilter = { read: (value: string) => unknown; write: (value: never) => string };

type Values<Spec> = { [K in keyof Spec]: Spec[K] extends AddressFilter<infer T> ? T | null : never };

export interface ListFilters<Spec> {
  /** Each filter's value from the address; null for none. */
  filters: Values<Spec>;
  /**
   * Sets a filter, replacing the address (a filter is no step to go back to): a value, or a control's
   * text read as the address's would be ('' or null clears it).
   */
  setFilter: <K extends keyof Spec>(key: K, value: Values<Spec>[K] | string) => void;
  /** The search box's settled text (the list toolbar's `onSearch`). */
  search: string;
  setSearch: (text: string) => void;
  /** A filter or the search is set: the empty list says nothing matches, not that there is nothing. */
  filtered: boolean;
}

/**
 * A list's search and filters, the same wiring on every list page: the filters in the address (a
 * reload, the back button and a shared link keep them), the search as it was typed.
 */
export function useListFilters<Spec extends Record<string, AnyFilter>>(spec: Spec): ListFilters<Spec> {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const filters = {} as Record<string, unknown>;
  for (const [key, filter] of Object.entries(spec)) {
    const raw = params.get(key);
    filters[key] = raw === null ? null : (filter as AddressFilter<unknown>).read(raw);
  }
  const setFilter = useCallback(
    (key: PropertyKey, value: unknown) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          const k = String(key);
          const filter = spec[k] as unknown as AddressFilter<unknown>;
          const v = typeof value === 'string' ? filter.read(value) : value;
          if (v === null || v === undefined) next.delete(k);
          else next.set(k, filter.write(v));
          return next;
        },
        { replace: true },
      ),
    [setParams, spec],
  );
  const filtered = search !== '' || Object.values(filters).some((v) => v !== null);
  return { filters: filters as Values<Spec>, setFilter, search, setSearch, filtered };
}
