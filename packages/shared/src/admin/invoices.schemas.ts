import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import { INVOICE_ITEM_KINDS } from '../invoices/invoices.constants.ts';
import { ADMIN_INVOICE_STATUSES } from './invoices.constants.ts';
import { PAYMENT_METHODS } from '../profile/payment-details.constants.ts';

/**
 * The Invoices area (docs/operator-console.md "Invoices"): generate a month, list, see the lines,
 * move an invoice along its statuses or void it.
 */
export * from './invoices.constants.ts';

const id = z.number().int().positive().max(2_147_483_647);
const month = z.string().regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, 'Use the YYYY-MM format.');

export const adminInvoiceStatusSchema = z.enum(ADMIN_INVOICE_STATUSES);

export const adminInvoiceSchema = z.object({
  id: z.number().int(),
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  date_range_start: z.string(),
  date_range_end: z.string(),
  payout_total: z.number(),
  status: adminInvoiceStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  payment_reference: z.string().nullable(),
});
export type AdminInvoice = z.infer<typeof adminInvoiceSchema>;

export const ADMIN_INVOICE_SORTS = ['id'] as const;
export const adminInvoiceListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({
      status: adminInvoiceStatusSchema.nullish(),
      publisher_id: id.nullish(),
      /** The invoiced month, `YYYY-MM`. */
      month: month.nullish(),
    })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ADMIN_INVOICE_SORTS,
  defaultSort: 'id',
  defaultOrder: -1,
});
export type AdminInvoiceListRequest = z.input<typeof adminInvoiceListRequestSchema>;
export type AdminInvoiceListQuery = z.output<typeof adminInvoiceListRequestSchema>;
export const adminInvoiceListResponseSchema = listResponseSchema(adminInvoiceSchema);
export type AdminInvoiceListResponse = z.infer<typeof adminInvoiceListResponseSchema>;

export const adminInvoiceItemSchema = z.object({
  kind: z.enum(INVOICE_ITEM_KINDS),
  name: z.string(),
  price_per_action: z.number(),
  payed_actions: z.number().int(),
  total: z.number(),
  offer_id: z.number().int().nullable(),
  referred_publisher_id: z.number().int().nullable(),
  conversion_id: z.string().nullable(),
});
export type AdminInvoiceItem = z.infer<typeof adminInvoiceItemSchema>;

export const adminInvoiceDetailResponseSchema = dataEnvelope(
  z.object({ invoice: adminInvoiceSchema, items: z.array(adminInvoiceItemSchema) }),
);
export type AdminInvoiceDetailResponse = z.infer<typeof adminInvoiceDetailResponseSchema>;

export const invoiceIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number),
});

export const invoiceGenerateRequestSchema = z.strictObject({ month: z.string().max(16).nullish() });
export type InvoiceGenerateRequest = z.infer<typeof invoiceGenerateRequestSchema>;
export const invoiceGenerateResponseSchema = dataEnvelope(
  z.object({ month: z.string(), created: z.array(z.number().int()), skipped: z.number().int() }),
);
export type InvoiceGenerateResponse = z.infer<typeof invoiceGenerateResponseSchema>;

export const PAYMENT_REFERENCE_MAX = 256;
export const invoiceStatusRequestSchema = z.strictObject({
  status: z.string().max(32).nullish(),
  reason: z.string().max(1000).nullish(),
  /** With `paid` (required): the day paid (`YYYY-MM-DD`, not in the future), the method and its reference. */
  paid_at: z.string().max(32).nullish(),
  payment_method: z.string().max(32).nullish(),
  payment_reference: z
    .string()
    .max(PAYMENT_REFERENCE_MAX * 4)
    .nullish(),
});
export type InvoiceStatusRequest = z.infer<typeof invoiceStatusRequestSchema>;
export const invoiceStatusResponseSchema = dataEnvelope(adminInvoiceSchema);
export type InvoiceStatusResponse = z.infer<typeof invoiceStatusResponseSchema>;

export const payableCsvQuerySchema = z.strictObject({ month: z.string().max(16).optional() });
