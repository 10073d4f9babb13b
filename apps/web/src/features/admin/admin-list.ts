import type { ListResponse } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import type { QueryKey } from '@tanstack/react-query';
import { keysetOptions, useKeysetList, type PageRequest } from '../../components/ui/list/keyset.ts';
import type { SelectOption } from '../../components/ui/select/types.ts';
import { adminApi } from './admin-api.ts';

/**
 * The console's lists, each an operator API list call paged by keyset (components/ui/list/keyset.ts):
 * a list call's path, its query, and what the list is known by. A list's failure shows where its
 * rows would be, so a server fault is not the whole page's.
 */
export const useAdminList = <Page extends ListResponse<unknown>, Query extends object = object>(
  path: string,
  queryKey: QueryKey,
  query: Query,
) =>
  useKeysetList({
    queryKey,
    query,
    fetch: (body: PageRequest<Query>, signal) =>
      adminApi.post<Page>(path, body, { signal, handle: { serverError: false } }),
  });

/** What a console select asks of a list call: every row by name, searched by the server. */
export const byName = (search: string) => ({
  filters: {},
  limit: PAGE_SIZE,
  sort: 'name' as const,
  order: 1 as const,
  search: search || null,
});

/** A console select's options from an operator API list call (a `byName` query), page by page. */
export const adminOptions = <Row>(path: string, option: (row: Row) => SelectOption) =>
  keysetOptions(
    byName,
    (body, signal) => adminApi.post<ListResponse<Row>>(path, body, { signal, handle: false }),
    option,
  );
