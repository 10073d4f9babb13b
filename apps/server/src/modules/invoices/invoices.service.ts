import {
  ERROR_CODES,
  INVOICE_FLOW,
  decodeCursor,
  encodeCursor,
  type Invoice,
  type InvoiceListRequest,
  type InvoiceStatus,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { invoiceGenerationRepository } from './invoice-generation.repository.ts';
import { invoicesRepository, type InvoiceRow } from './invoices.repository.ts';
import { eventsService } from '../events/events.service.ts';
import { auditService, type Actor, type RecordAudit } from '../audit/audit.service.ts';
import { invoiceAdjustmentsService, type InvoiceDraft } from './invoice-adjustments.service.ts';

/** `YYYY-MM` → the month's first day, last day and the next month's first day (UTC calendar). */
export function monthBounds(month: string): { start: string; end: string; next: string } {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error(`not a month (YYYY-MM): ${month}`);
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1));
  const next = new Date(Date.UTC(y, m, 1));
  const end = new Date(next.getTime() - 86_400_000);
  const d = (x: Date) => x.toISOString().slice(0, 10);
  return { start: d(start), end: d(end), next: d(next) };
}

/** The last closed calendar month (UTC) before `now`. */
export function lastClosedMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

const toApi = (r: InvoiceRow): Invoice => ({
  id: r.id,
  date_range_start: String(r.period_start),
  date_range_end: String(r.period_end),
  payout_total: Number(r.payout_total),
  // The publisher's reads leave void invoices out (invoices.repository.ts).
  status: r.status as InvoiceStatus,
  created_at: new Date(r.created_at).toISOString(),
  paid_at: r.paid_at,
  payment_method: r.payment_method,
  payment_reference: r.payment_reference,
});

export const invoicesService = {
  /**
   * One invoice per publisher for a closed month (months are UTC calendar months): per offer and
   * referral commissions from the month's raw approved conversions as they are at generation, and
   * every adjustment waiting for the publisher (docs/money.md) — a publisher with adjustments
   * waiting is invoiced even without new conversions. Each publisher in a transaction of its own,
   * under the per-publisher lock status changes take too, so a conversion approved or rejected
   * meanwhile is either in the invoice or an adjustment of it. Safe to run from several processes
   * and to repeat: (publisher, period) is unique, an existing invoice is left as it is.
   */
  async generateMonth(
    ctx: AppContext,
    month: string,
    opts: { publisherId?: number; now?: Date; actor?: Actor } = {},
  ): Promise<{ created: number[]; skipped: number }> {
    const { start, end, next } = monthBounds(month);
    const today = (opts.now ?? new Date()).toISOString().slice(0, 10);
    if (next > today) throw new Error(`${month} is not closed yet`);
    const from = `${start}T00:00:00Z`;
    const to = `${next}T00:00:00Z`;
    await eventsService.settleBeforeRead(ctx);
    const publishers = await invoiceGenerationRepository.activePublishers(ctx.db, from, to, start, opts.publisherId);
    const created: number[] = [];
    let skipped = 0;
    const one = async (trx: Db, publisherId: number, audit: RecordAudit | null) => {
      await invoiceAdjustmentsService.lockPublishers(trx, [publisherId]);
      if (await invoiceGenerationRepository.hasInvoice(trx, publisherId, start)) {
        skipped += 1;
        return;
      }
      const draft: InvoiceDraft = {
        publisherId,
        month,
        items: await invoiceGenerationRepository.draftItems(
          trx,
          publisherId,
          from,
          to,
          ctx.config.REFERRAL_COMMISSION_PERCENT,
        ),
        ...(await invoiceAdjustmentsService.waiting(trx, publisherId, start)),
      };
      // The seam: what the month comes to (its total and status) is decided in one place.
      const decision = await invoiceAdjustmentsService.decideInvoice(ctx, trx, draft);
      const id = decision && (await invoiceGenerationRepository.insertInvoice(trx, publisherId, start, end, decision));
      if (!decision || id == null) {
        skipped += 1;
        return;
      }
      await invoiceAdjustmentsService.recordTaken(trx, draft, decision, id);
      created.push(id);
      await audit?.({
        action: 'invoice.generate',
        objectType: 'invoice',
        objectId: id,
        before: null,
        after: {
          publisher_id: publisherId,
          month,
          status: decision.status,
          payout_total: decision.total,
          lines: decision.lines.length,
          adjustments: draft.adjustments.length,
        },
      });
    };
    const actor = opts.actor;
    if (actor) {
      // An operator's run (console or command line): one transaction with its audit entries; a run
      // that made nothing is recorded too.
      await auditService.write(ctx, actor, async (trx, audit) => {
        for (const publisherId of publishers) await one(trx, publisherId, audit);
        if (created.length === 0)
          await audit({
            action: 'invoice.generate',
            objectType: 'invoice',
            objectId: null,
            after: { month, created: 0, skipped },
          });
      });
    } else {
      for (const publisherId of publishers) await ctx.db.transaction().execute((trx) => one(trx, publisherId, null));
    }
    return { created, skipped };
  },

  /** The demo seed: move an invoice one step along generated → request_payment → processing → paid. */
  async advance(
    ctx: AppContext,
    id: number,
    to: InvoiceStatus,
    payment?: { paidAt: string; method: 'paypal' | 'bank_transfer' | 'other'; reference: string },
  ): Promise<void> {
    const inv = await invoicesRepository.findAny(ctx.db, id);
    if (!inv) throw new Error(`no invoice ${id}`);
    const flow: readonly InvoiceStatus[] = INVOICE_FLOW;
    const from = flow.indexOf(inv.status as InvoiceStatus);
    if (from < 0 || flow.indexOf(to) !== from + 1)
      throw new Error(`invoice ${id} is ${inv.status}; the next status is ${flow[from + 1] ?? 'none'}`);
    const done =
      to === 'paid' && payment
        ? await invoicesRepository.setPaid(ctx.db, id, payment)
        : await invoicesRepository.setStatus(ctx.db, id, inv.status, to);
    if (!done) throw new Error(`invoice ${id} changed meanwhile; try again`);
  },

  async list(ctx: AppContext, publisherId: number, req: InvoiceListRequest) {
    let after: (string | number)[] | null = null;
    const arity = req.sort === 'id' ? 1 : 2;
    if (req.cursor) {
      const v = decodeCursor(req.cursor, { sort: req.sort, order: req.order, arity });
      const ok =
        v &&
        (req.sort === 'id'
          ? Number.isInteger(v[0])
          : typeof v[0] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v[0]) && Number.isInteger(v[1]));
      if (!ok) throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Malformed cursor.');
      after = v as (string | number)[];
    }
    const rows = await invoicesRepository.page(ctx.db, publisherId, {
      sort: req.sort,
      order: req.order,
      start: req.filters?.date_range?.start ?? null,
      end: req.filters?.date_range?.end ?? null,
      after,
      limit: req.limit,
    });
    const more = rows.length > req.limit;
    const page = more ? rows.slice(0, req.limit) : rows;
    const last = page[page.length - 1];
    const values = last ? (req.sort === 'id' ? [last.id] : [String(last.period_start), last.id]) : [];
    return {
      data: page.map(toApi),
      cursor: { next: more && last ? encodeCursor({ sort: req.sort, order: req.order, values }) : null },
    };
  },

  async findOrFail(ctx: AppContext, publisherId: number, id: number) {
    const inv = await invoicesRepository.findById(ctx.db, publisherId, id);
    if (!inv) throw notFound('Invoice not found.');
    const items = await invoicesRepository.items(ctx.db, id);
    return {
      invoice: toApi(inv),
      items: items.map((i) => ({
        kind: i.kind,
        name: i.name,
        price_per_action: Number(i.price_per_action),
        payed_actions: Number(i.payed_actions),
        total: Number(i.total),
      })),
    };
  },
};
