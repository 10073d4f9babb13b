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
};

/** How many invoices the dashboard's latest-invoices panel lists. */
export const LATEST_INVOICES_LIMIT = 5;
