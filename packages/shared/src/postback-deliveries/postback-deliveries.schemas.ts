import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { cursorSchema, limitSchema, listResponseSchema } from '../common/list.ts';
import { DELIVERY_STATUSES } from './postback-deliveries.constants.ts';

export * from './postback-deliveries.constants.ts';

/**
 * The publisher's view of postback delivery (beyond the spec): the attempt log, replay,
 * "send test" and a preview against the latest real conversion. Paths are relative to API_BASE.
 */
const id = z.coerce.number().int().positive().max(2_147_483_647);

export const deliveryLogRequestSchema = z.strictObject({
  filters: z
    .strictObject({
      postback_id: id.nullish(),
      delivery_status: z.enum(DELIVERY_STATUSES).nullish(),
    })
    .default({}),
  limit: limitSchema,
  cursor: cursorSchema,
});
export type DeliveryLogRequest = z.infer<typeof deliveryLogRequestSchema>;

export const deliveryAttemptSchema = z.object({
  attempt_id: z.number(),
  delivery_id: z.number(),
  postback_id: z.number(),
  postback_name: z.string().nullable(),
  conversion_id: z.string().nullable(),
  /** ISO 8601, UTC. */
  attempted_at: z.string(),
  /** The URL as sent, with userinfo and secret-looking query values masked. */
  url: z.string(),
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  error_class: z.string().nullable(),
  /** Our own plain explanation; never the receiver's response body. */
  error_message: z.string().nullable(),
  delivery_status: z.enum(DELIVERY_STATUSES),
  is_test: z.boolean(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;
export const deliveryLogResponseSchema = listResponseSchema(deliveryAttemptSchema);
export type DeliveryLogResponse = z.infer<typeof deliveryLogResponseSchema>;

export const deliveryReplayRequestSchema = z.strictObject({ delivery_id: id });
export type DeliveryReplayRequest = z.infer<typeof deliveryReplayRequestSchema>;
export const deliveryReplayResponseSchema = dataEnvelope(
  z.object({ delivery_id: z.number(), delivery_status: z.enum(DELIVERY_STATUSES) }),
);

export const deliveryReplayFailedRequestSchema = z.strictObject({
  /** ISO 8601 date-time: failed deliveries created at or after it are sent again. */
  since: z.iso.datetime({ offset: true }),
  postback_id: id.nullish(),
});
export type DeliveryReplayFailedRequest = z.infer<typeof deliveryReplayFailedRequestSchema>;
export const deliveryReplayFailedResponseSchema = dataEnvelope(z.object({ replayed: z.number() }));

export const deliverySendTestRequestSchema = z.strictObject({ postback_id: id });
export type DeliverySendTestRequest = z.infer<typeof deliverySendTestRequestSchema>;
export const deliverySendTestResponseSchema = dataEnvelope(
  z.object({
    ok: z.boolean(),
    status_code: z.number().nullable(),
    error_class: z.string().nullable(),
    error_message: z.string().nullable(),
    duration_ms: z.number(),
    /** The URL as sent (masked). */
    url: z.string(),
  }),
);
export type DeliverySendTestResponse = z.infer<typeof deliverySendTestResponseSchema>;

/** Either a saved postback or a value being edited (plain or base64, as the form holds it). */
export const deliveryPreviewRequestSchema = z
  .strictObject({ postback_id: id.nullish(), postback_value: z.string().max(8192).nullish() })
  .refine((r) => r.postback_id != null || (r.postback_value != null && r.postback_value.trim() !== ''), {
    message: 'Give postback_id or postback_value.',
    path: ['postback_value'],
  });
export type DeliveryPreviewRequest = z.infer<typeof deliveryPreviewRequestSchema>;
export const deliveryPreviewResponseSchema = dataEnvelope(
  z.object({
    /** The value with the latest conversion's values filled in; null when there is no conversion yet. */
    rendered: z.string().nullable(),
    conversion_id: z.string().nullable(),
    used_macros: z.array(z.string()),
    /** `{names}` outside the docs/errors.md whitelist: they would be sent as written. */
    unknown_macros: z.array(z.string()),
    /** Whitelisted macros that are empty for that conversion. */
    empty_macros: z.array(z.string()),
  }),
);
export type DeliveryPreviewResponse = z.infer<typeof deliveryPreviewResponseSchema>;
