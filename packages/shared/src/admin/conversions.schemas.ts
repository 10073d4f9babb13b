import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { dateRangeSchema, listRequestSchema, listResponseSchema } from '../common/list.ts';

/**
 * The Conversions area (docs/operator-console.md "Conversions"): find a conversion by its click
 * (tid), its order id, publisher or offer, and reverse it with a reason. Missing or empty values
 * are answered with coded field errors by the server, not by the schema.
 */
export const CONVERSION_STATUSES = ['approved', 'reversed'] as const;
export type AdminConversionStatus = (typeof CONVERSION_STATUSES)[number];

const id = z.number().int().positive().max(2_147_483_647);

export const adminConversionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  /** The click's transaction id. */
  tid: z.string(),
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  offer_id: z.number().int(),
  offer_name: z.string(),
  event_id: z.number().int(),
  event_type: z.enum(['conversion', 'partial', 'upsell']),
  payout: z.number(),
  revenue: z.number(),
  sale_amount: z.number().nullable(),
  /** The advertiser's order id. */
  adv_transaction_id: z.string().nullable(),
  source: z.enum(['postback', 'pixel']),
  status: z.enum(['approved', 'pending', 'rejected', 'reversed']),
  reversal: z.object({ at: z.string(), reason: z.string(), actor: z.string(), postbacks: z.number().int() }).nullable(),
});
export type AdminConversion = z.infer<typeof adminConversionSchema>;

export const ADMIN_CONVERSION_SORTS = ['id'] as const;
export const adminConversionListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({
      /** The click's transaction id (a UUID). */
      tid: z.string().trim().max(64).nullish(),
      /** The advertiser's order id, exactly. */
      order_id: z.string().trim().max(256).nullish(),
      publisher_id: id.nullish(),
      offer_id: id.nullish(),
      status: z.enum(CONVERSION_STATUSES).nullish(),
      /** Calendar days, both inclusive, in `time_zone`. */
      date_range: dateRangeSchema.nullish(),
      /** An IANA zone (the browser's); UTC when absent. */
      time_zone: z.string().max(64).nullish(),
    })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ADMIN_CONVERSION_SORTS,
  defaultSort: 'id',
  defaultOrder: -1,
});
export type AdminConversionListRequest = z.input<typeof adminConversionListRequestSchema>;
export type AdminConversionListQuery = z.output<typeof adminConversionListRequestSchema>;
export const adminConversionListResponseSchema = listResponseSchema(adminConversionSchema);
export type AdminConversionListResponse = z.infer<typeof adminConversionListResponseSchema>;

export const conversionIdParamsSchema = z.strictObject({ id: z.string().max(64) });

export const REVERSAL_REASON_MAX = 1000;
export const conversionReverseRequestSchema = z.strictObject({
  reason: z.string().max(REVERSAL_REASON_MAX).nullish(),
});
export type ConversionReverseRequest = z.infer<typeof conversionReverseRequestSchema>;

/**
 * An adjustment a change made after its month was invoiced (docs/money.md): on the publisher's
 * open invoice (or the referrer's, for the commission) at once, or waiting for the next invoice.
 */
export const reversalInvoiceSchema = z.object({
  /** The open invoice the adjustment is a line of; null while it waits for the next invoice. */
  invoice_id: z.number().int().nullable(),
  publisher_id: z.number().int(),
  /** `generated` (on the open invoice) or `waiting`. */
  status: z.string(),
  /** The adjustment's amount (negative for a reversal). */
  total: z.number(),
});

export const conversionReverseResponseSchema = dataEnvelope(
  z.object({
    conversion: adminConversionSchema,
    /** The adjustments, when the conversion's month was already invoiced (the publisher's, the referrer's). */
    invoices: z.array(reversalInvoiceSchema),
    /** How many of the publisher's postbacks will be sent the reversal. */
    postbacks: z.number().int(),
  }),
);
export type ConversionReverseResponse = z.infer<typeof conversionReverseResponseSchema>;
