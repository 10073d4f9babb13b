import type { SortOrder } from '@portal/shared/common/list';

export interface SortState<K extends string = string> {
  sort: K;
  order: SortOrder;
}

/** docs/screens.md "Sort": the same column flips its direction, a new column starts ascending (1). */
export function nextSort<K extends string>(current: SortState<K>, key: K): SortState<K> {
  if (current.sort === key) return { sort: key, order: current.order === 1 ? -1 : 1 };
  return { sort: key, order: 1 };
}

/** The `aria-sort` value of a column header. */
export function ariaSort(current: SortState, key: string | undefined): 'ascending' | 'descending' | 'none' | undefined {
  if (!key) return undefined;
  if (current.sort !== key) return 'none';
  return current.order === 1 ? 'ascending' : 'descending';
}
