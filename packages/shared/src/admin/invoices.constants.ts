import { INVOICE_STATUSES, type InvoiceStatus } from '../constants.ts';
import { INVOICE_STATUS_LABELS } from '../invoices/invoices.constants.ts';

/**
 * Invoice statuses as the console sees them, without zod (the console's screens read these): the
 * publisher's four, and `void`, which keeps the row but withdraws it (publishers no longer see it).
 */
export const ADMIN_INVOICE_STATUSES = [...INVOICE_STATUSES, 'void'] as const;
export type AdminInvoiceStatus = InvoiceStatus | 'void';

export const ADMIN_INVOICE_STATUS_LABELS: Record<AdminInvoiceStatus, string> = {
  ...INVOICE_STATUS_LABELS,
  void: 'Void',
};

/**
 * The moves an operator may make: one step along the way, or void before it is paid (a carried-over
 * month too, while its total still waits for the next invoice).
 */
export const INVOICE_MOVES: Record<AdminInvoiceStatus, AdminInvoiceStatus[]> = {
  generated: ['request_payment', 'void'],
  request_payment: ['processing', 'void'],
  processing: ['paid', 'void'],
  paid: [],
  carried_over: ['void'],
  void: [],
};

/** The button of each move. */
export const INVOICE_MOVE_LABELS: Record<AdminInvoiceStatus, string> = {
  generated: 'Generated',
  request_payment: 'Request payment',
  processing: 'Processing',
  paid: 'Mark paid',
  carried_over: 'Carried over',
  void: 'Void',
};
