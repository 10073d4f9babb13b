import Download from 'lucide-react/icons/download';
// By its own path: an icon only this page draws stays in this page's file (the package's index
// would put it in the file every page loads).
import Printer from 'lucide-react/icons/printer';
import { Button } from '../../../components/ui/button.tsx';
import { useDownloadInvoicePdf } from '../api/download-invoice-pdf.ts';

/**
 * The invoice page's actions: the invoice as a PDF file, and printing (the print stylesheet leaves
 * the invoice alone on the page: no header, navigation or buttons).
 */
export function InvoiceActions({ invoiceId }: { invoiceId: number }) {
  const pdf = useDownloadInvoicePdf(invoiceId);
  return (
    <>
      <Button variant="secondary" icon={<Printer size={16} aria-hidden="true" />} onClick={() => window.print()}>
        Print
      </Button>
      <Button icon={<Download size={16} aria-hidden="true" />} loading={pdf.isPending} onClick={() => pdf.mutate()}>
        Download PDF
      </Button>
    </>
  );
}
