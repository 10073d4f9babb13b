import type { InvoiceStatus } from '../constants.ts';

/**
 * The invoices' labels and limits, without zod: the web app's screens import these, and a lazy
 * route should not carry the schema library for a label (invoices.schemas.ts re-exports them).
 */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  generated: 'Generated',
  request_payment: 'Payment requested',
  processing: 'Processing',
  paid: 'Paid',
  carried_over: 'Carried over',
};

/**
 * An invoice's lines: an offer's payouts, the commissions on a referred publisher's payouts, a
 * conversion taken back by a reversal (invoices made before adjustments), an adjustment (a
 * conversion approved, rejected or reversed after its month was invoiced: one action, signed) and
 * a month carried over below the minimum payout (docs/money.md).
 */
export const INVOICE_ITEM_KINDS = ['offer', 'referral', 'reversal', 'adjustment', 'carried_over'] as const;
export type InvoiceItemKind = (typeof INVOICE_ITEM_KINDS)[number];

/** How many invoices the dashboard's latest-invoices panel lists. */
export const LATEST_INVOICES_LIMIT = 5;
