import {
  ERROR_CODES,
  PAYMENT_METHODS,
  decodeCursor,
  encodeCursor,
  type FieldError,
  type ListResponse,
  type PaymentMethod,
} from '@portal/shared';
import {
  ADMIN_INVOICE_STATUSES,
  ADMIN_INVOICE_STATUS_LABELS,
  INVOICE_MOVES,
  PAYMENT_REFERENCE_MAX,
  type AdminInvoice,
  type AdminInvoiceDetailResponse,
  type AdminInvoiceListQuery,
  type AdminInvoiceStatus,
  type InvoiceGenerateRequest,
  type InvoiceStatusRequest,
} from '@portal/shared/admin/invoices.schemas';
import type { AppContext } from '../../context.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { invoiceAdjustmentsService } from './invoice-adjustments.service.ts';
import { invoiceAdminRepository, type AdminInvoiceRow } from './invoice-admin.repository.ts';
import { invoicesRepository } from './invoices.repository.ts';
import { invoicesService, lastClosedMonth, monthBounds } from './invoices.service.ts';

const toAdmin = (r: AdminInvoiceRow): AdminInvoice => ({
  id: r.id,
  publisher_id: r.publisher_id,
  publisher_name: r.publisher_name ?? `Publisher ${r.publisher_id}`,
  date_range_start: String(r.period_start),
  date_range_end: String(r.period_end),
  payout_total: Number(r.payout_total),
  status: r.status,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
  paid_at: r.paid_at,
  payment_method: r.payment_method,
  payment_reference: r.payment_reference,
});

const snapshot = (r: AdminInvoiceRow) => ({
  status: r.status,
  payout_total: Number(r.payout_total),
  ...(r.status === 'paid'
    ? { paid_at: r.paid_at, payment_method: r.payment_method, payment_reference: r.payment_reference }
    : {}),
});

/**
 * The payment of a move to `paid` (all required): the day (`YYYY-MM-DD`, a real day, not after
 * `today`), the method and its reference.
 */
function checkedPayment(req: InvoiceStatusRequest, today: string) {
  const errors: Record<string, FieldError> = {};
  const paidAt = req.paid_at?.trim() ?? '';
  const method = req.payment_method?.trim() ?? '';
  const reference = req.payment_reference?.trim() ?? '';
  if (!paidAt) errors['paid_at'] = { code: ERROR_CODES.MISSING, message: 'Please enter the day it was paid.' };
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(paidAt) || new Date(`${paidAt}T00:00:00Z`).toISOString().slice(0, 10) !== paidAt)
    errors['paid_at'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Use the YYYY-MM-DD format.' };
  else if (paidAt > today)
    errors['paid_at'] = { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: 'The day paid cannot be in the future.' };
  if (!method) errors['payment_method'] = { code: ERROR_CODES.NOTHING_SELECTED, message: 'Please choose the method.' };
  else if (!(PAYMENT_METHODS as readonly string[]).includes(method))
    errors['payment_method'] = {
      code: ERROR_CODES.BAD_FORMAT,
      message: `The method is one of ${PAYMENT_METHODS.join(', ')}.`,
    };
  if (!reference)
    errors['payment_reference'] = { code: ERROR_CODES.MISSING, message: "Please enter the payment's reference." };
  else if (reference.length > PAYMENT_REFERENCE_MAX)
    errors['payment_reference'] = {
      code: ERROR_CODES.BAD_FORMAT,
      message: `Must be at most ${PAYMENT_REFERENCE_MAX} characters.`,
    };
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return { paidAt, method: method as PaymentMethod, reference };
}

/**
 * The console's and the command line's invoices (docs/operator-console.md, Invoices): list, see,
 * generate a month, move along the statuses or void.
 */
export const invoiceAdminService = {
  async list(ctx: AppContext, req: AdminInvoiceListQuery): Promise<ListResponse<AdminInvoice>> {
    let after: number | null = null;
    if (req.cursor) {
      const v = decodeCursor(req.cursor, { sort: req.sort, order: req.order, arity: 1 });
      if (!v || !Number.isSafeInteger(v[0])) throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Invalid cursor.');
      after = v[0] as number;
    }
    const f = req.filters;
    const rows = await invoiceAdminRepository.page(
      ctx.db,
      {
        status: f.status ?? null,
        publisherId: f.publisher_id ?? null,
        periodStart: f.month ? `${f.month}-01` : null,
      },
      after,
      req.limit,
    );
    const page = rows.slice(0, req.limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toAdmin),
      cursor: {
        next:
          rows.length > req.limit && last
            ? encodeCursor({ sort: req.sort, order: req.order, values: [last.id] })
            : null,
      },
    };
  },

  async find(ctx: AppContext, id: number): Promise<AdminInvoiceDetailResponse['data']> {
    const inv = await invoiceAdminRepository.find(ctx.db, id);
    if (!inv) throw notFound('Invoice not found.');
    const items = await invoiceAdminRepository.items(ctx.db, id);
    return {
      invoice: toAdmin(inv),
      items: items.map((i) => ({
        kind: i.kind,
        name: i.name,
        price_per_action: Number(i.price_per_action),
        payed_actions: Number(i.payed_actions),
        total: Number(i.total),
        offer_id: i.offer_id,
        referred_publisher_id: i.referred_publisher_id,
        conversion_id: i.conversion_id,
      })),
    };
  },

  /** Invoices a closed month (default: the last one) for every publisher with payouts; recorded. */
  async generate(
    ctx: AppContext,
    actor: Actor,
    req: InvoiceGenerateRequest,
    now = new Date(),
  ): Promise<{ month: string; created: number[]; skipped: number }> {
    const month = req.month?.trim() || lastClosedMonth(now);
    if (!/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/.test(month))
      throw fieldError('month', ERROR_CODES.BAD_FORMAT, 'Use the YYYY-MM format.');
    if (monthBounds(month).next > now.toISOString().slice(0, 10))
      throw fieldError('month', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Only a month that is over can be invoiced.');
    const r = await invoicesService.generateMonth(ctx, month, { now, actor });
    return { month, ...r };
  },

  /**
   * Moves an invoice one step (generated → request_payment → processing → paid) or voids it before
   * it is paid (a reason required); any other move answers 422 `0x4011` on `status`.
   */
  async move(
    ctx: AppContext,
    actor: Actor,
    id: number,
    req: InvoiceStatusRequest,
    now = new Date(),
  ): Promise<AdminInvoice> {
    const to = req.status?.trim();
    if (!to) throw fieldError('status', ERROR_CODES.NOTHING_SELECTED, 'Select a status.');
    if (!(ADMIN_INVOICE_STATUSES as readonly string[]).includes(to))
      throw fieldError('status', ERROR_CODES.BAD_FORMAT, `The status is one of ${ADMIN_INVOICE_STATUSES.join(', ')}.`);
    const target = to as AdminInvoiceStatus;
    const reason = req.reason?.trim() || null;
    if (target === 'void' && !reason) throw fieldError('reason', ERROR_CODES.MISSING, 'Please enter a reason.');
    return auditService.write(ctx, actor, async (trx, audit) => {
      const inv = await invoiceAdminRepository.find(trx, id, true);
      if (!inv) throw notFound('Invoice not found.');
      if (!INVOICE_MOVES[inv.status].includes(target))
        throw fieldError(
          'status',
          ERROR_CODES.TOO_SHORT_OR_INVALID,
          `An invoice that is ${ADMIN_INVOICE_STATUS_LABELS[inv.status]} cannot become ${ADMIN_INVOICE_STATUS_LABELS[target]}.`,
        );
      if (inv.status === 'carried_over' && target === 'void') {
        const taken = await invoiceAdminRepository.dropCarry(trx, inv.publisher_id, String(inv.period_start));
        if (taken != null)
          throw fieldError(
            'status',
            ERROR_CODES.TOO_SHORT_OR_INVALID,
            `This month's total is already carried to invoice ${taken}: it cannot be voided.`,
          );
      }
      const payment = target === 'paid' ? checkedPayment(req, now.toISOString().slice(0, 10)) : null;
      if (payment) await invoicesRepository.setPaid(trx, id, payment);
      else await invoicesRepository.setStatus(trx, id, inv.status, target);
      // A voided invoice gives back the adjustments it took (docs/money.md).
      if (target === 'void')
        await invoiceAdjustmentsService.release(trx, {
          id,
          publisherId: inv.publisher_id,
          periodStart: String(inv.period_start),
        });
      const after = (await invoiceAdminRepository.find(trx, id))!;
      await audit({
        action: target === 'void' ? 'invoice.void' : 'invoice.status',
        objectType: 'invoice',
        objectId: id,
        before: snapshot(inv),
        after: snapshot(after),
        reason,
      });
      return toAdmin(after);
    });
  },
};
