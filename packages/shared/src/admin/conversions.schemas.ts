import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { dateRangeSchema, listRequestSchema, listResponseSchema } from '../common/list.ts';

/**
 * The Conversions area (docs/operator-console.md "Conversions"): find a conversion by its click
 * (tid), its order id, publisher or offer, and reverse it with a reason. Missing or empty values
 * are answered with coded field errors by the server, not by the schema.
 */
/** Every status a conversion may have (docs/money.md), pending first as the console's filter lists them. */
export const CONVERSION_STATUSES = ['pending', 'approved', 'rejected', 'reversed'] as const;
export type AdminConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** What an operator, the advertiser or a reconciliation file may set a conversion to. */
export const CONVERSION_DECISIONS = ['approved', 'rejected'] as const;
export type ConversionDecision = (typeof CONVERSION_DECISIONS)[number];

/**
 * The fraud signals that held a conversion pending (docs/money.md), shown to operators only:
 * click-to-conversion time under the offer's minimum, an address in a country outside the offer's
 * regions, another conversion of the offer from the same address within 24 hours.
 */
export const CONVERSION_FLAGS = ['short_ctit', 'outside_regions', 'repeat_address'] as const;
export type ConversionFlag = (typeof CONVERSION_FLAGS)[number];

/** Who changed a conversion's status: the engine on arrival, the console, the advertiser, a file, the hold's end, the command line. */
export const CONVERSION_ACTOR_KINDS = [
  'engine',
  'operator',
  'advertiser',
  'reconciliation',
  'hold_expiry',
  'cli',
] as const;
export type ConversionActorKind = (typeof CONVERSION_ACTOR_KINDS)[number];

/** A reason's longest (a rejection's, a reversal's, a reconciliation row's). */
export const STATUS_REASON_MAX = 1000;
/** How many conversions one `conversions/status` call may change. */
export const STATUS_BULK_MAX = 1000;
/** What a call with more ids answers on `ids` (0x4010), and what the console says before it asks. */
export const STATUS_BULK_TOO_MANY = 'At most 1,000 conversions at a time.';
/** A reconciliation file's largest size (characters) and row count. */
export const RECONCILE_CSV_MAX = 5_000_000;
export const RECONCILE_ROWS_MAX = 50_000;
/** What a larger file answers on `csv` (0x4010), and what the console says before sending it. */
export const RECONCILE_TOO_LARGE = 'The file is too large: at most 5,000,000 characters.';

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
  status: z.enum(CONVERSION_STATUSES),
  /** Why it has its status (a rejection's or reversal's reason; null when none was given). */
  status_reason: z.string().nullable(),
  /** When its status last changed (null: as it arrived). */
  status_changed_at: z.string().nullable(),
  /** The fraud signals that held it (operators only). */
  flags: z.array(z.enum(CONVERSION_FLAGS)),
  /** A held conversion's approval time (the hold's end); null otherwise. */
  approve_after: z.string().nullable(),
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

export const REVERSAL_REASON_MAX = STATUS_REASON_MAX;
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

/** One change of a conversion's status, as its history lists it (oldest first). */
export const conversionStatusChangeSchema = z.object({
  at: z.string(),
  /** null: how the conversion arrived. */
  from_status: z.enum(CONVERSION_STATUSES).nullable(),
  to_status: z.enum(CONVERSION_STATUSES),
  reason: z.string().nullable(),
  actor_kind: z.enum(CONVERSION_ACTOR_KINDS),
  /** The operator's e-mail, the advertiser's name, `reconciliation #12`, `hold`, `cli:user`. */
  actor: z.string(),
});
export type ConversionStatusChange = z.infer<typeof conversionStatusChangeSchema>;

/** `GET /conversions/:id`: one conversion with its status history. */
export const adminConversionDetailResponseSchema = dataEnvelope(
  z.object({ conversion: adminConversionSchema, history: z.array(conversionStatusChangeSchema) }),
);
export type AdminConversionDetailResponse = z.infer<typeof adminConversionDetailResponseSchema>;

/**
 * `POST /conversions/status`: approve or reject up to 1,000 conversions (a rejection needs a
 * reason). Each id is answered on its own; one refused does not stop the others.
 */
export const conversionStatusRequestSchema = z.strictObject({
  ids: z.array(z.string().max(64)).max(STATUS_BULK_MAX, STATUS_BULK_TOO_MANY),
  status: z.enum(CONVERSION_DECISIONS),
  reason: z.string().max(STATUS_REASON_MAX).nullish(),
});
export type ConversionStatusRequest = z.infer<typeof conversionStatusRequestSchema>;

/**
 * An id's outcome: `changed`; `unchanged` (it already had that status); `unknown` (no such
 * conversion); `not_allowed` (the move is not one docs/money.md allows, e.g. a reversed one, or a
 * rejection 60 days after it was paid), with the message saying why.
 */
export const STATUS_OUTCOMES = ['changed', 'unchanged', 'unknown', 'not_allowed'] as const;
export type StatusOutcome = (typeof STATUS_OUTCOMES)[number];

export const conversionStatusResultSchema = z.object({
  id: z.string(),
  outcome: z.enum(STATUS_OUTCOMES),
  /** Its status before the call (null when unknown). */
  previous_status: z.enum(CONVERSION_STATUSES).nullable(),
  /** Its status after the call (null when unknown). */
  status: z.enum(CONVERSION_STATUSES).nullable(),
  /** Why it was not changed (null when changed). */
  message: z.string().nullable(),
});
export type ConversionStatusResult = z.infer<typeof conversionStatusResultSchema>;

export const statusOutcomeCountsSchema = z.object({
  changed: z.number().int(),
  unchanged: z.number().int(),
  unknown: z.number().int(),
  not_allowed: z.number().int(),
});

export const conversionStatusResponseSchema = dataEnvelope(
  z.object({ results: z.array(conversionStatusResultSchema), counts: statusOutcomeCountsSchema }),
);
export type ConversionStatusResponse = z.infer<typeof conversionStatusResponseSchema>;

/**
 * `POST /conversions/reconcile`: an advertiser's file checked against the conversions, a row each
 * (columns `tid` or `order_id`, `status`, optional `reason`, `amount` and `event_id`; a header line
 * names them). `apply: false` previews every row's outcome; `apply: true` applies the changes and
 * keeps the file and its outcome.
 */
export const conversionReconcileRequestSchema = z.strictObject({
  csv: z.string().max(RECONCILE_CSV_MAX, RECONCILE_TOO_LARGE),
  apply: z.boolean(),
  /** The uploaded file's name, kept with it. */
  file_name: z.string().trim().max(255).nullish(),
});
export type ConversionReconcileRequest = z.infer<typeof conversionReconcileRequestSchema>;

/**
 * A row's outcome: `would_change` (preview) / `changed` (applied), `unchanged`, `unknown` (no
 * conversion has that tid or order id), `not_allowed` (docs/money.md's table refuses it, the message
 * says why) or `invalid` (the row itself is wrong: `code` and `message` say which field).
 */
export const RECONCILE_OUTCOMES = [
  'would_change',
  'changed',
  'unchanged',
  'unknown',
  'not_allowed',
  'invalid',
] as const;
export type ReconcileOutcome = (typeof RECONCILE_OUTCOMES)[number];

export const reconcileRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  tid: z.string().nullable(),
  order_id: z.string().nullable(),
  status: z.string().nullable(),
  reason: z.string().nullable(),
  /** The amount the file gives (compared, never applied). */
  amount: z.number().nullable(),
  outcome: z.enum(RECONCILE_OUTCOMES),
  /** The conversions the row names (a click or an order may have several events). */
  conversion_ids: z.array(z.string()),
  /** Their statuses before (one per conversion id). */
  previous_statuses: z.array(z.enum(CONVERSION_STATUSES)),
  /** The error code for an invalid row (docs/errors.md), else null. */
  code: z.string().nullable(),
  /** Why the row is invalid or not allowed, or that its amount differs from the conversion's revenue. */
  message: z.string().nullable(),
});
export type ReconcileRow = z.infer<typeof reconcileRowSchema>;

export const reconcileSummarySchema = z.object({
  rows: z.number().int(),
  would_change: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  unknown: z.number().int(),
  not_allowed: z.number().int(),
  invalid: z.number().int(),
});
export type ReconcileSummary = z.infer<typeof reconcileSummarySchema>;

export const conversionReconcileResponseSchema = dataEnvelope(
  z.object({
    /** The kept file's id when applied; null for a preview. */
    reconciliation_id: z.number().int().nullable(),
    applied: z.boolean(),
    summary: reconcileSummarySchema,
    rows: z.array(reconcileRowSchema),
  }),
);
export type ConversionReconcileResponse = z.infer<typeof conversionReconcileResponseSchema>;
