import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  AdminInvoiceDetailResponse,
  AdminInvoiceListRequest,
  AdminInvoiceListResponse,
  AdminInvoiceStatus,
  InvoiceGenerateRequest,
  InvoiceGenerateResponse,
  InvoiceStatusRequest,
  InvoiceStatusResponse,
} from '@portal/shared/admin/invoices.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'invoices'] as const;

export interface InvoiceFilters {
  status: AdminInvoiceStatus | null;
  publisherId: number | null;
  month: string | null;
}

/** Invoices, newest first (docs/operator-console.md "Invoices"). */
export const useAdminInvoiceList = (f: InvoiceFilters) =>
  useAdminList<AdminInvoiceListResponse>(ADMIN_API_PATHS.invoices, [...KEY, 'list'], {
    filters: { status: f.status, publisher_id: f.publisherId, month: f.month },
    limit: PAGE_SIZE,
    sort: 'id',
    order: -1,
  } satisfies AdminInvoiceListRequest);

/** One invoice and its lines. */
export const useAdminInvoice = (id: number) =>
  useQuery({
    queryKey: [...KEY, 'one', id],
    queryFn: ({ signal }) =>
      adminApi
        .get<AdminInvoiceDetailResponse>(adminPath(ADMIN_API_PATHS.invoice, { id }), { signal })
        .then((r) => r.data),
  });

export function useGenerateInvoices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceGenerateRequest) =>
      adminApi.post<InvoiceGenerateResponse>(ADMIN_API_PATHS.invoiceGenerate, body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useMoveInvoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: InvoiceStatusRequest & { id: number }) =>
      adminApi.post<InvoiceStatusResponse>(adminPath(ADMIN_API_PATHS.invoiceStatus, { id }), body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The browser saves a file made here (an object URL, let go once the download has started). */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A month's payable invoices as CSV, fetched with the operator's token and saved as a file. */
export const useDownloadPayableCsv = () =>
  useMutation({
    mutationFn: async (month: string) => {
      const q = month ? `?month=${encodeURIComponent(month)}` : '';
      const blob = await adminApi.get<Blob>(`${ADMIN_API_PATHS.invoicesPayableCsv}${q}`, {
        file: true,
        handle: false,
      });
      return { blob, month };
    },
    onSuccess: ({ blob, month }) => save(blob, `payable-invoices-${month || 'last-month'}.csv`),
  });
