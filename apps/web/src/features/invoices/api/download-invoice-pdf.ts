import { API_PATHS } from '@portal/shared/api-paths';
import { useMutation } from '@tanstack/react-query';
import { alerts } from '../../../lib/alerts.ts';
import { api } from '../../../lib/api-client.ts';

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

/**
 * Download PDF (docs/screens.md Invoices): `POST invoice/pdf {id}` answers the invoice as a PDF file,
 * saved as invoice-{id}.pdf. A failure says so and leaves the page as it was.
 */
export const useDownloadInvoicePdf = (id: number) =>
  useMutation({
    mutationFn: () => api.post<Blob>(API_PATHS.invoicePdf, { id }, { file: true, handle: { serverError: false } }),
    onSuccess: (blob) => save(blob, `invoice-${id}.pdf`),
    onError: () => alerts.error('We could not make the PDF. Please try again.'),
  });
