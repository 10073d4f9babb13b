import { API_PATHS } from '@portal/shared/api-paths';
import type { DateRange, SortOrder } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { LATEST_INVOICES_LIMIT } from '@portal/shared/invoices/invoices.constants';
import type { InvoiceListRequestBody, InvoiceListResponse } from '@portal/shared/invoices/invoices.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import { api } from '../../../lib/api-client.ts';

export type InvoiceListSort = NonNullable<InvoiceListRequestBody['sort']>;

export interface InvoiceListQuery {
  /** null: every invoice (the list's default: an invoice history is not "today"). */
  dateRange: DateRange | null;
  sort: InvoiceListSort;
  order: SortOrder;
}

/** Every invoice-list query starts with this key part. */
export const INVOICE_LIST_KEY = 'invoice-list';

/** `POST invoice-list`: one page of invoices (docs/api.md). List failures are silent (docs/errors.md). */
export function getInvoiceListPage(
  q: InvoiceListQuery & { limit?: number },
  cursor: string | null,
  signal: AbortSignal,
) {
  const body: InvoiceListRequestBody = {
    filters: { date_range: q.dateRange },
    limit: q.limit ?? PAGE_SIZE,
    sort: q.sort,
    order: q.order,
    ...(cursor ? { cursor } : {}),
  };
  return api.post<InvoiceListResponse>(API_PATHS.invoiceList, body, { signal, handle: { serverError: false } });
}

/** The Invoices list, page by page as it scrolls. */
export const useInvoiceList = (q: InvoiceListQuery) =>
  useInfiniteList({
    queryKey: [INVOICE_LIST_KEY, 'list', q],
    fetchPage: ({ cursor, signal }) => getInvoiceListPage(q, cursor, signal),
  });

/** The newest invoices, one page (the dashboard's latest-invoices panel). */
export const latestInvoicesQuery = (limit: number = LATEST_INVOICES_LIMIT) =>
  queryOptions({
    queryKey: [INVOICE_LIST_KEY, 'latest', limit],
    queryFn: ({ signal }) =>
      getInvoiceListPage({ dateRange: null, sort: 'date_range_start', order: -1, limit }, null, signal).then(
        (r) => r.data,
      ),
  });

export const useLatestInvoices = (limit?: number) => useQuery(latestInvoicesQuery(limit));
