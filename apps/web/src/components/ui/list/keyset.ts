import type { ListResponse } from '@portal/shared/common/list';
import type { QueryKey } from '@tanstack/react-query';
import type { LoadOptions, SelectOption } from '../select/types.ts';
import { useInfiniteList, type InfiniteList } from './use-infinite-list.ts';

/**
 * The one way a list is paged (docs/api.md "Lists"): the list call's query, `{filters, limit, sort,
 * order, search}`, is sent as it is for the first page and with the previous page's `cursor.next`
 * for each next one, until that is null. A table's rows (useKeysetList) and a select's options
 * (keysetOptions) page alike.
 */
export type PageRequest<Query> = Query & { cursor?: string };

/** One page's request: the query, and after the first page the cursor the previous one answered. */
export const pageRequest = <Query extends object>(query: Query, cursor: string | null): PageRequest<Query> =>
  cursor ? { ...query, cursor } : query;

/** Sends one page's request. */
export type FetchPage<Query, Page> = (request: PageRequest<Query>, signal: AbortSignal) => Promise<Page>;

type RowOf<Page> = Page extends ListResponse<infer R> ? R : never;

/**
 * A list's rows, page by page as it scrolls (use-infinite-list.ts): `query` is the first page's
 * request, and the list starts again whenever it changes (a filter, the sort, the search).
 */
export function useKeysetList<Query extends object, Page extends ListResponse<unknown>>({
  queryKey,
  query,
  fetch,
  enabled,
}: {
  /** The list's own key; the query joins it. */
  queryKey: QueryKey;
  query: Query;
  fetch: FetchPage<Query, Page>;
  enabled?: boolean;
}): InfiniteList<RowOf<Page>, Page> {
  return useInfiniteList<Page>({
    queryKey: [...queryKey, query],
    fetchPage: ({ cursor, signal }) => fetch(pageRequest(query, cursor), signal),
    ...(enabled === undefined ? {} : { enabled }),
  });
}

/** A select's options, page by page, from a list call searched by the server (select/select.tsx `loadOptions`). */
export const keysetOptions =
  <Query extends object, Row>(
    query: (search: string) => Query,
    fetch: FetchPage<Query, ListResponse<Row>>,
    option: (row: Row) => SelectOption,
  ): LoadOptions =>
  async ({ search, cursor, signal }) => {
    const page = await fetch(pageRequest(query(search), cursor), signal);
    return { options: page.data.map(option), next: page.cursor.next };
  };
