import { formatDate } from '@portal/shared/format';
import type { AppContext } from '../../context.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { invoicesService } from './invoices.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/**
 * One invoice of the caller's publisher account as a PDF file (404 for another's, as the invoice
 * call answers); the issue date in the caller's profile time zone, as the invoice page shows it.
 */
export async function invoicePdf(
  ctx: AppContext,
  auth: PublisherAuth,
  id: number,
): Promise<{ fileName: string; pdf: Buffer }> {
  const data = await invoicesService.findOrFail(ctx, auth.publisherId, id);
  const [publisher, timeZone] = await Promise.all([
    accountsService.findPublisherById(ctx, auth.publisherId),
    accountsService.timezoneOf(ctx, auth.userId),
  ]);
  const pdf = await renderInvoicePdf({
    ...data,
    publisher: { id: auth.publisherId, name: publisher?.name ?? '' },
    issued: formatDate(data.invoice.created_at, timeZone),
  });
  return { fileName: `invoice-${data.invoice.id}.pdf`, pdf };
}
