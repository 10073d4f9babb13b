import { API_PATHS } from '@portal/shared/api-paths';
import type { DateRange, SortOrder } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { LATEST_INVOICES_LIMIT } from '@portal/shared/invoices/invoices.constants';
import type { InvoiceListRequestBody, InvoiceListResponse } from '@portal/shared/invoices/invoices.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pageRequest, useKeysetList, type PageRequest } from '../../../components/ui/list/keyset.ts';
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

/** The list call's query. */
const invoiceQuery = (q: InvoiceListQuery, limit = PAGE_SIZE): InvoiceListRequestBody => ({
  filters: { date_range: q.dateRange },
  limit,
  sort: q.sort,
  order: q.order,
});

/** `POST invoice-list`: one page of invoices (docs/api.md). List failures are silent (docs/errors.md). */
const invoicePage = (body: PageRequest<InvoiceListRequestBody>, signal: AbortSignal) =>
  api.post<InvoiceListResponse>(API_PATHS.invoiceList, body, { signal, handle: { serverError: false } });

/** The Invoices list, page by page as it scrolls. */
export const useInvoiceList = (q: InvoiceListQuery) =>
  useKeysetList({ queryKey: [INVOICE_LIST_KEY, 'list'], query: invoiceQuery(q), fetch: invoicePage });

/** The newest invoices, one page (the dashboard's latest-invoices panel). */
export const latestInvoicesQuery = (limit: number = LATEST_INVOICES_LIMIT) =>
  queryOptions({
    queryKey: [INVOICE_LIST_KEY, 'latest', limit],
    queryFn: ({ signal }) =>
      invoicePage(
        pageRequest(invoiceQuery({ dateRange: null, sort: 'date_range_start', order: -1 }, limit), null),
        signal,
      ).then((r) => r.data),
  });

export const useLatestInvoices = (limit?: number) => useQuery(latestInvoicesQuery(limit));
