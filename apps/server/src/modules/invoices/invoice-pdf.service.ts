import type { AppContext } from '../../context.ts';
import type { PublisherAuth } from '../../plugins/auth-state.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { invoicesService } from './invoices.service.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

/** A day as YYYY-MM-DD in a time zone. */
const dayIn = (timeZone: string, at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

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
    issued: dayIn(timeZone, new Date(data.invoice.created_at)),
  });
  return { fileName: `invoice-${data.invoice.id}.pdf`, pdf };
}
