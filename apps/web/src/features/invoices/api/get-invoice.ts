import { API_PATHS } from '@portal/shared/api-paths';
import type { InvoiceResponse } from '@portal/shared/invoices/invoices.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST invoice {id}` → `{invoice, items}` (docs/api.md). An unknown id, or another publisher's, answers
 * 404, which the client turns into /not-found; a fault stays on the page with its own message.
 */
export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: ['invoice', id],
    queryFn: ({ signal }) =>
      api.post<InvoiceResponse>(API_PATHS.invoice, { id }, { signal, handle: { serverError: false } }),
  });

export const useInvoice = (id: number) => useQuery(invoiceQuery(id));
