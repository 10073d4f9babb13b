import { ERROR_CODES, PAYMENT_METHOD_LABELS } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { csvLine } from '../exports/exports.csv.ts';
import { maskedSummary, paymentDetailsService } from '../payment-details/payment-details.service.ts';
import { invoiceAdminRepository } from './invoice-admin.repository.ts';
import { lastClosedMonth } from './invoices.service.ts';

export const PAYABLE_CSV_COLUMNS = [
  'invoice_id',
  'publisher_id',
  'publisher',
  'email',
  'amount',
  'currency',
  'status',
  'method',
  'payment_details',
  'paused',
  'paused_until',
] as const;

/**
 * A month's payable invoices as CSV for the operator (docs/operator-console.md, Invoices): every
 * invoice of the month not yet paid, carried over nor void, with a total above zero; its publisher,
 * the amount, the publisher's method and details masked but for the last four characters, and
 * whether payment is paused after a change of details (pay those after the pause).
 */
export async function payableCsv(
  ctx: AppContext,
  rawMonth: string | undefined,
  now = new Date(),
): Promise<{ fileName: string; csv: string }> {
  const month = rawMonth?.trim() || lastClosedMonth(now);
  if (!/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/.test(month))
    throw fieldError('month', ERROR_CODES.BAD_FORMAT, 'Use the YYYY-MM format.');
  const rows = await invoiceAdminRepository.payable(ctx.db, `${month}-01`);
  const details = await paymentDetailsService.masked(
    ctx.db,
    rows.map((r) => r.publisher_id),
    now,
  );
  let csv = csvLine([...PAYABLE_CSV_COLUMNS]);
  for (const r of rows) {
    const d = details.get(r.publisher_id);
    csv += csvLine([
      r.id,
      r.publisher_id,
      r.publisher_name,
      r.email,
      Number(r.payout_total),
      'USD',
      r.status,
      d ? PAYMENT_METHOD_LABELS[d.method] : null,
      d ? maskedSummary(d) : 'No payment details',
      d ? d.payment_paused_until != null : false,
      d?.payment_paused_until ?? null,
    ]);
  }
  return { fileName: `payable-invoices-${month}.csv`, csv };
}
