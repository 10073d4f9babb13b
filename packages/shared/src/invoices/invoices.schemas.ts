import { z } from 'zod';
import { INVOICE_STATUSES } from '../constants.ts';
import { INVOICE_ITEM_KINDS } from './invoices.constants.ts';
import { PAYMENT_METHODS } from '../profile/payment-details.constants.ts';
import {
  cursorSchema,
  dateRangeSchema,
  limitSchema,
  listResponseSchema,
  searchSchema,
  sortOrderSchema,
} from '../common/list.ts';

export * from './invoices.constants.ts';

/** Invoices of docs/api.md: one per publisher per closed calendar month (UTC), moved by the operator. */
export const invoiceSchema = z.object({
  id: z.number().int(),
  date_range_start: z.string(),
  date_range_end: z.string(),
  payout_total: z.number(),
  status: z.enum(INVOICE_STATUSES),
  created_at: z.string(),
  /** The payment, once the invoice is paid (`YYYY-MM-DD`, the method, its reference); null before. */
  paid_at: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payment_reference: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceItemSchema = z.object({
  /** What the line is (invoices.constants.ts `INVOICE_ITEM_KINDS`). */
  kind: z.enum(INVOICE_ITEM_KINDS),
  name: z.string(),
  price_per_action: z.number(),
  payed_actions: z.number(),
  total: z.number(),
});
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceListRequestSchema = z.strictObject({
  filters: z.strictObject({ date_range: dateRangeSchema.nullish() }).nullish(),
  limit: limitSchema,
  sort: z.enum(['date_range_start', 'id']).default('date_range_start'),
  order: sortOrderSchema.default(-1),
  search: searchSchema,
  cursor: cursorSchema,
});
export type InvoiceListRequest = z.infer<typeof invoiceListRequestSchema>;
/** The body a client sends (defaults and transforms not applied yet). */
export type InvoiceListRequestBody = z.input<typeof invoiceListRequestSchema>;
export const invoiceListResponseSchema = listResponseSchema(invoiceSchema);
export type InvoiceListResponse = z.infer<typeof invoiceListResponseSchema>;

export const invoiceRequestSchema = z.strictObject({ id: z.coerce.number().int().positive() });
export const invoiceResponseSchema = z.object({ invoice: invoiceSchema, items: z.array(invoiceItemSchema) });
export type InvoiceResponse = z.infer<typeof invoiceResponseSchema>;
