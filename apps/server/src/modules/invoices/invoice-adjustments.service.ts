import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { InvoiceAdjustmentKind } from '../../db/money-types.ts';
import {
  invoiceAdjustmentsRepository as repo,
  type AdjustmentRow,
  type LockedPublisher,
  type NewAdjustment,
} from './invoice-adjustments.repository.ts';
import { invoiceGenerationRepository, type ItemDraft } from './invoice-generation.repository.ts';

/**
 * Invoice adjustments (docs/money.md, "Invoices and adjustments"): what changes after a month was
 * invoiced becomes a line of the publisher's open invoice, never a change to a closed one.
 *
 * - A status change (modules/conversions) that makes a conversion count or stop counting, in a
 *   month that already has an invoice (not void), records an adjustment: a late approval adds its
 *   payout, a rejection or reversal of an approved one takes it back; the referrer's commission
 *   follows, on the referrer's invoices. It goes at once on the publisher's open invoice (the newest
 *   still `generated`, whose total follows), else it waits (`invoice_id` null).
 * - Invoice generation (invoices.service.ts `generateMonth`) takes every waiting adjustment of the
 *   publisher as lines, and `decideInvoice` is where a draft's total and status are decided: a
 *   month below the minimum payout is `carried_over`, its total a waiting `carried_over` adjustment.
 * - Both run under the per-publisher lock (`lockPublishers`), so a late approval is either in the
 *   month's invoice or its adjustment, never neither nor both.
 */

/** A conversion that starts or stops counting in the publisher's money. */
export interface ConversionMoneyChange {
  conversionId: string;
  createdAt: Date;
  publisherId: number;
  offerId: number;
  offerName: string;
  payout: number;
  kind: Exclude<InvoiceAdjustmentKind, 'carried_over'>;
}

/** An adjustment recorded: on an invoice at once, or waiting (`invoice_id` null). */
export interface AdjustmentMade {
  id: number;
  conversion_id: string;
  publisher_id: number;
  referred_publisher_id: number | null;
  kind: InvoiceAdjustmentKind;
  amount: number;
  invoice_id: number | null;
}

/** The terms promise chargebacks within this many days of a month's payment. */
export const CHARGEBACK_DAYS = 60;

const DAY_MS = 86_400_000;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;
/** The first day of a time's UTC month (`YYYY-MM-01`): invoices are per UTC calendar month. */
export const monthOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

const LABELS: Record<ConversionMoneyChange['kind'], string> = {
  late_approval: 'Late approval',
  rejection: 'Rejected',
  reversal: 'Reversed',
};

/** A publisher's month as an invoice draft: its lines, the waiting adjustments it takes. */
export interface InvoiceDraft {
  publisherId: number;
  /** `YYYY-MM`. */
  month: string;
  /** Lines of the month itself: per offer, referral commissions (invoices.repository.ts `draftItems`). */
  items: ItemDraft[];
  /** Waiting adjustments (and what earlier ones already brought for a month invoiced again), as lines. */
  adjustments: AdjustmentRow[];
  /** A month invoiced again after a void: what its adjustments already brought to other invoices. */
  adjustedElsewhere: { amount: number; n: number };
}

/** What an invoice draft comes to: its status, total and lines, and adjustments to record with it. */
export interface InvoiceDecision {
  /** `carried_over`: below the publisher's minimum payout, not payable; its total waits for the next month. */
  status: 'generated' | 'carried_over';
  total: number;
  lines: ItemDraft[];
  /** Adjustments recorded with the invoice (waiting for the next one). */
  carry: Omit<NewAdjustment, 'invoice_id'>[];
}

export const invoiceAdjustmentsService = {
  CHARGEBACK_DAYS,

  /**
   * The per-publisher lock (docs/money.md, Races): these publishers and their referrers, locked in
   * id order, first thing in the transaction. Answers every locked publisher by id.
   */
  async lockPublishers(trx: Db, publisherIds: number[]): Promise<Map<number, LockedPublisher>> {
    const referrers = await repo.referrersOf(trx, publisherIds);
    const locked = await repo.lockPublishers(trx, [...publisherIds, ...referrers]);
    // A referrer set meanwhile: lock it too (after, so still in one order for this call's rows).
    const late = locked.flatMap((p) =>
      p.referrer_publisher_id != null && !locked.some((q) => q.id === p.referrer_publisher_id)
        ? [p.referrer_publisher_id]
        : [],
    );
    const more = late.length ? await repo.lockPublishers(trx, late) : [];
    return new Map([...locked, ...more].map((p) => [p.id, p]));
  },

  /**
   * The conversions (by id) whose month was paid more than `CHARGEBACK_DAYS` days before `now`:
   * they may not be rejected or reversed any more.
   */
  async chargebackClosed(
    trx: Db,
    conversions: { id: string; publisherId: number; createdAt: Date }[],
    now = new Date(),
  ): Promise<Set<string>> {
    const invoices = await repo.monthInvoices(
      trx,
      conversions.map((c) => ({ publisherId: c.publisherId, periodStart: monthOf(c.createdAt) })),
    );
    const limit = now.getTime() - CHARGEBACK_DAYS * DAY_MS;
    const closed = new Set(
      invoices
        .filter((i) => i.paid_on != null && Date.parse(`${i.paid_on}T00:00:00Z`) + DAY_MS <= limit)
        .map((i) => `${i.publisher_id}:${i.period_start}`),
    );
    return new Set(conversions.filter((c) => closed.has(`${c.publisherId}:${monthOf(c.createdAt)}`)).map((c) => c.id));
  },

  /**
   * Records the adjustments of these changes (in the status change's transaction, under the lock of
   * `lockPublishers`): for each change whose month the publisher was invoiced for, one for the
   * publisher, and one for its referrer's commission when the referrer was invoiced for that month.
   * Each goes at once on its publisher's open invoice, or waits.
   */
  async adjust(
    ctx: AppContext,
    trx: Db,
    changes: ConversionMoneyChange[],
    publishers: Map<number, LockedPublisher>,
  ): Promise<AdjustmentMade[]> {
    if (changes.length === 0) return [];
    const pct = ctx.config.REFERRAL_COMMISSION_PERCENT;
    const wanted = changes.flatMap((c) => {
      const referrer = publishers.get(c.publisherId)?.referrer_publisher_id ?? null;
      const month = monthOf(c.createdAt);
      const own = { publisherId: c.publisherId, periodStart: month };
      return referrer == null ? [own] : [own, { publisherId: referrer, periodStart: month }];
    });
    const invoiced = new Set((await repo.monthInvoices(trx, wanted)).map((i) => `${i.publisher_id}:${i.period_start}`));
    const rows: (Omit<NewAdjustment, 'invoice_id'> & { conversion_id: string })[] = [];
    for (const c of changes) {
      const month = monthOf(c.createdAt);
      const label = `${LABELS[c.kind]}: ${c.offerName} (${month.slice(0, 7)})`;
      const sign = c.kind === 'late_approval' ? 1 : -1;
      const base = { conversion_id: c.conversionId, conversion_month: month, kind: c.kind, offer_id: c.offerId };
      if (invoiced.has(`${c.publisherId}:${month}`))
        rows.push({
          ...base,
          publisher_id: c.publisherId,
          amount: sign * round4(c.payout),
          name: label,
          referred_publisher_id: null,
        });
      const pub = publishers.get(c.publisherId);
      const referrer = pub?.referrer_publisher_id ?? null;
      if (referrer != null && invoiced.has(`${referrer}:${month}`)) {
        const commission = round4((c.payout * pct) / 100);
        if (commission !== 0)
          rows.push({
            ...base,
            offer_id: null,
            publisher_id: referrer,
            amount: sign * commission,
            name: `Referral commission, ${LABELS[c.kind].toLowerCase()}: ${pub?.name ?? `Publisher ${c.publisherId}`} (${month.slice(0, 7)})`,
            referred_publisher_id: c.publisherId,
          });
      }
    }
    if (rows.length === 0) return [];
    const open = await repo.openInvoices(
      trx,
      rows.map((r) => r.publisher_id),
    );
    const placed = rows.map((r) => ({ ...r, invoice_id: open.get(r.publisher_id) ?? null }));
    const ids = await repo.insert(trx, placed);
    const made = placed.map((r, i) => ({ ...r, id: ids[i]! }));
    await repo.addLines(trx, made);
    return made.map((r) => ({
      id: r.id,
      conversion_id: r.conversion_id,
      publisher_id: r.publisher_id,
      referred_publisher_id: r.referred_publisher_id,
      kind: r.kind,
      amount: r.amount,
      invoice_id: r.invoice_id,
    }));
  },

  /** The publisher's waiting adjustments (locked), and for a month invoiced again what earlier ones brought. */
  async waiting(
    trx: Db,
    publisherId: number,
    periodStart: string,
  ): Promise<Pick<InvoiceDraft, 'adjustments' | 'adjustedElsewhere'>> {
    return {
      adjustments: await repo.waiting(trx, publisherId),
      adjustedElsewhere: await repo.adjustedElsewhere(trx, publisherId, periodStart),
    };
  },

  /**
   * The seam of invoice generation: what a publisher's month comes to. Lines: the month's own, then
   * every waiting adjustment, then (for a month invoiced again after a void) what its adjustments
   * already brought elsewhere, taken back. Null when there is nothing to invoice.
   */
  async decideInvoice(ctx: AppContext, trx: Db, draft: InvoiceDraft): Promise<InvoiceDecision | null> {
    const lines: ItemDraft[] = [
      ...draft.items,
      ...draft.adjustments.map(adjustmentLine),
      ...(draft.adjustedElsewhere.n > 0 && draft.adjustedElsewhere.amount !== 0
        ? [
            {
              kind: 'adjustment' as const,
              offer_id: null,
              referred_publisher_id: null,
              conversion_id: null,
              name: `Adjustments of ${draft.month} already on other invoices`,
              payed_actions: 0,
              total: -round4(draft.adjustedElsewhere.amount),
            },
          ]
        : []),
    ];
    if (lines.length === 0) return null;
    const total = lines.reduce((t, l) => t + Math.round(l.total * 10_000), 0) / 10_000;
    // Below the minimum payout (the publisher's own, else MINIMUM_PAYOUT_USD): carried over, its
    // total a line of the next month's invoice (docs/money.md).
    const own = await invoiceGenerationRepository.minimumPayout(trx, draft.publisherId);
    const minimum = own ?? ctx.config.MINIMUM_PAYOUT_USD;
    if (total < minimum) {
      const carry: InvoiceDecision['carry'] =
        total === 0
          ? []
          : [
              {
                publisher_id: draft.publisherId,
                conversion_id: null,
                conversion_month: `${draft.month}-01`,
                kind: 'carried_over',
                amount: total,
                name: `Carried over from ${draft.month}`,
                offer_id: null,
                referred_publisher_id: null,
              },
            ];
      return { status: 'carried_over', total, lines, carry };
    }
    return { status: 'generated', total, lines, carry: [] };
  },

  /** Records what a decision carries and marks the waiting adjustments taken by the new invoice. */
  async recordTaken(trx: Db, draft: InvoiceDraft, decision: InvoiceDecision, invoiceId: number): Promise<void> {
    await repo.assign(
      trx,
      draft.adjustments.map((a) => a.id),
      invoiceId,
    );
    await repo.insert(
      trx,
      decision.carry.map((c) => ({ ...c, invoice_id: null })),
    );
  },

  /** Candidates of invoice generation: publishers with adjustments waiting. */
  publishersWaiting: (db: Db) => repo.publishersWaiting(db),

  /** A voided invoice gives its adjustments back (they wait for the next invoice). */
  release: (trx: Db, invoice: { id: number; publisherId: number; periodStart: string }) => repo.release(trx, invoice),
};

/** A waiting adjustment as an invoice line: one action, signed (a carried-over month: a line of its own). */
function adjustmentLine(a: AdjustmentRow): ItemDraft {
  return {
    kind: a.kind === 'carried_over' ? 'carried_over' : 'adjustment',
    offer_id: a.offer_id,
    referred_publisher_id: a.referred_publisher_id,
    conversion_id: a.conversion_id,
    name: a.name,
    payed_actions: a.kind === 'carried_over' ? 0 : Math.sign(a.amount) || 1,
    total: round4(a.amount),
  };
}
