import { z } from 'zod';
import { ERROR_CODES, type FieldError } from '../errors/error-codes.ts';
import { dataEnvelope } from '../common/envelope.ts';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import {
  EVENT_TYPES,
  EVENT_TYPE_LABELS,
  idSchema,
  type EventType,
  type Option,
  type SearchSubject,
} from '../offers/offers.schemas.ts';
import { checkPostbackValue, decodePostbackValue } from './postback-macros.ts';
import {
  POSTBACK_NAME_MAX,
  POSTBACK_STATUSES,
  POSTBACK_STATUS_LABELS,
  POSTBACK_TYPES,
  POSTBACK_TYPE_LABELS,
  POSTBACK_VALUE_MAX,
  type PostbackStatus,
  type PostbackType,
} from './postbacks.constants.ts';

export * from './postbacks.constants.ts';

/** The option lists of `GET /search?subject=…`. */
export const SEARCH_OPTIONS: Record<SearchSubject, Option[]> = {
  publisher_postback_status: POSTBACK_STATUSES.map((value) => ({ value, label: POSTBACK_STATUS_LABELS[value] })),
  publisher_postback_type: POSTBACK_TYPES.map((value) => ({ value, label: POSTBACK_TYPE_LABELS[value] })),
  offer_event_type: EVENT_TYPES.map((value) => ({ value, label: EVENT_TYPE_LABELS[value] })),
};

/* ---------------------------------------------------------------- the record */

/** A pixel / postback as every postback call answers it (docs/api.md Postback). */
export const postbackSchema = z.object({
  postback_id: z.number().int(),
  postback_name: z.string(),
  name: z.string(),
  postback_type: z.enum(POSTBACK_TYPES),
  /**
   * Plain text, never base64: a URL for type postback, HTML for type pixel. Pixel HTML is
   * publisher-written: show it as text, and preview it only in a sandboxed frame without
   * allow-same-origin; it runs only on the tracking address (docs/tracking.md).
   */
  postback_value: z.string(),
  postback_status: z.enum(POSTBACK_STATUSES),
  /** null: all offers. */
  postback_offer_id: z.number().int().nullable(),
  postback_offer_name: z.string().nullable(),
  /** null: all events. */
  postback_event_id: z.number().int().nullable(),
  postback_event_name: z.string().nullable(),
  /** null: all event types. */
  postback_event_type: z.enum(EVENT_TYPES).nullable(),
  event_type: z.enum(EVENT_TYPES).nullable(),
  /** Called again on each change of a conversion's status (docs/money.md). */
  send_on_status_change: z.boolean(),
  /** The value when type is postback, else null. */
  postback_url: z.string().nullable(),
  /** The value when type is pixel, else null. */
  pixel_content: z.string().nullable(),
  offer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  offer_event: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Set while deliveries keep failing after the retry budget. */
  failing_since: z.string().nullable(),
  /** Deliveries whose last attempt failed and that wait to be tried again (docs/tracking.md). */
  deliveries_retrying: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Postback = z.infer<typeof postbackSchema>;
export const postbackResponseSchema = dataEnvelope(postbackSchema);
export type PostbackResponse = z.infer<typeof postbackResponseSchema>;

/** `POST /postback`. */
export const postbackRequestSchema = z.strictObject({ id: idSchema });
export type PostbackRequest = z.infer<typeof postbackRequestSchema>;

/* ---------------------------------------------------------------- postback-table */

export const POSTBACK_TABLE_SORTS = [
  'postback_id',
  'postback_name',
  'postback_type',
  'postback_status',
  'postback_offer_id',
  'postback_event_id',
] as const;
export type PostbackTableSort = (typeof POSTBACK_TABLE_SORTS)[number];

export const postbackTableFiltersSchema = z.strictObject({
  /** Default `active` (docs/limits.md); `all` or null for both. */
  status: z
    .enum([...POSTBACK_STATUSES, 'all'])
    .nullish()
    .describe(
      "Default active (docs/limits.md); 'all' or null for both. The offer tab ({offer_id} without filters) lists every status.",
    ),
  /** One offer id or several; null or empty: every offer, "All Offers" postbacks included. */
  offer_id: z
    .union([idSchema, z.array(idSchema).max(100)])
    .nullish()
    .describe('Only postbacks of these offers; null or empty: every offer, "All Offers" postbacks included.'),
});

/**
 * `POST /postback-table`. The offer tab sends `{offer_id}` alone: the postbacks of that offer in
 * every status (404 when the publisher may not run the offer). The global list sends `filters`
 * (status defaults to active), `search` (name or value), `sort`, `order` and `cursor`.
 */
export const postbackTableRequestSchema = listRequestSchema({
  filters: postbackTableFiltersSchema.optional(),
  sorts: POSTBACK_TABLE_SORTS,
  defaultSort: 'postback_id',
}).extend({
  offer_id: idSchema
    .optional()
    .describe("The offer tab: that offer's postbacks (404 when the publisher may not run the offer)."),
});
export type PostbackTableRequest = z.input<typeof postbackTableRequestSchema>;
export const postbackTableResponseSchema = listResponseSchema(postbackSchema);
export type PostbackTableResponse = z.infer<typeof postbackTableResponseSchema>;

/* ---------------------------------------------------------------- create / update */

const nullableId = idSchema.nullish().transform((v) => v ?? null);
/** Loose on purpose: the checks below answer docs/errors.md's codes (0x4013 "Select a …") instead of a type error. */
const selection = z.string().max(64).nullish();

const postbackValueSchema = z
  .string()
  .max(Math.ceil((POSTBACK_VALUE_MAX * 4) / 3) + 4)
  .nullish()
  .transform((v) => (v == null ? v : decodePostbackValue(v)))
  .describe(
    'The URL (type postback) or HTML (type pixel). Accepted base64-encoded, as the portal form holds it, or as plain text: ' +
      'a value that is valid padded standard base64 and decodes to printable UTF-8 is decoded; anything else is taken as written. ' +
      'Only the URL variables of the whitelist may appear as {variable}.',
  );

const postbackFields = {
  postback_name: z
    .string()
    .max(POSTBACK_NAME_MAX * 2)
    .nullish(),
  postback_status: selection,
  postback_type: selection,
  postback_value: postbackValueSchema,
  /** null: all offers. */
  postback_offer_id: nullableId,
  /** null: all events; must be an event of postback_offer_id. */
  postback_event_id: nullableId,
  /** null: all event types. */
  postback_event_type: selection,
  /**
   * A server postback is also called on every later change of a conversion's status (approved,
   * rejected, reversed), with `{conversion_status}` and `{status_reason}` (docs/money.md). Left out
   * on an update: unchanged; on a create: false.
   */
  send_on_status_change: z.boolean().nullish(),
};

export const postbackCreateRequestSchema = z.strictObject(postbackFields);
export type PostbackCreateRequest = z.input<typeof postbackCreateRequestSchema>;
export type PostbackCreateInput = z.output<typeof postbackCreateRequestSchema>;

export const postbackUpdateRequestSchema = z.strictObject({ ...postbackFields, postback_id: idSchema });
export type PostbackUpdateRequest = z.input<typeof postbackUpdateRequestSchema>;
export type PostbackUpdateInput = z.output<typeof postbackUpdateRequestSchema>;

/**
 * `POST /postback/delete`: the postback goes; its deliveries stay in the delivery log (named
 * `null` there, with the URL each was sent to), and those still waiting are stopped.
 */
export const postbackDeleteRequestSchema = z.strictObject({ postback_id: idSchema });
export type PostbackDeleteRequest = z.infer<typeof postbackDeleteRequestSchema>;
export const postbackDeleteResponseSchema = dataEnvelope(
  z.object({
    postback_id: z.number().int(),
    postback_name: z.string(),
    /** Deliveries that were waiting to be sent (or retried) and now never will be. */
    deliveries_stopped: z.number().int(),
  }),
);
export type PostbackDeleteResponse = z.infer<typeof postbackDeleteResponseSchema>;

export interface PostbackFormValues {
  postback_name?: string | null | undefined;
  postback_status?: string | null | undefined;
  postback_type?: string | null | undefined;
  /** Plain text (decode first when the form holds base64). */
  postback_value?: string | null | undefined;
  postback_event_type?: string | null | undefined;
}

export interface ValidPostbackForm {
  postback_name: string;
  postback_status: PostbackStatus;
  postback_type: PostbackType;
  postback_value: string;
  postback_event_type: EventType | null;
}

export const POSTBACK_MESSAGES = {
  name: 'Please enter a name',
  nameTooLong: `Use at most ${POSTBACK_NAME_MAX} characters`,
  status: 'Select a postback status',
  type: 'Select a postback type',
  value: 'Please enter a value',
  valueTooLong: `Use at most ${POSTBACK_VALUE_MAX} characters`,
  url: 'Incorrect url format',
  variables: 'Invalid URL variables',
  eventType: 'Select an event type',
  event: 'Select an event of the chosen offer',
} as const;

/**
 * The field checks of docs/errors.md that need no database, shared by the modal and the server. Answers
 * the field errors (empty when valid) and, when valid, the normalised values.
 */
export function validatePostbackForm(input: PostbackFormValues): {
  errors: Record<string, FieldError>;
  value: ValidPostbackForm | null;
} {
  const errors: Record<string, FieldError> = {};
  const name = (input.postback_name ?? '').trim();
  if (!name) errors['postback_name'] = { code: ERROR_CODES.MISSING, message: POSTBACK_MESSAGES.name };
  else if (name.length > POSTBACK_NAME_MAX)
    errors['postback_name'] = { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: POSTBACK_MESSAGES.nameTooLong };

  const status = (POSTBACK_STATUSES as readonly string[]).includes(input.postback_status ?? '')
    ? (input.postback_status as PostbackStatus)
    : null;
  if (!status) errors['postback_status'] = { code: ERROR_CODES.NOTHING_SELECTED, message: POSTBACK_MESSAGES.status };

  const type = (POSTBACK_TYPES as readonly string[]).includes(input.postback_type ?? '')
    ? (input.postback_type as PostbackType)
    : null;
  if (!type) errors['postback_type'] = { code: ERROR_CODES.NOTHING_SELECTED, message: POSTBACK_MESSAGES.type };

  const value = (input.postback_value ?? '').trim();
  if (!value) errors['postback_value'] = { code: ERROR_CODES.MISSING, message: POSTBACK_MESSAGES.value };
  else if (value.length > POSTBACK_VALUE_MAX)
    errors['postback_value'] = { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: POSTBACK_MESSAGES.valueTooLong };
  else {
    const problem = checkPostbackValue(value, type ?? 'pixel');
    if (problem === 'format')
      errors['postback_value'] = { code: ERROR_CODES.BAD_FORMAT, message: POSTBACK_MESSAGES.url };
    else if (problem === 'variables')
      errors['postback_value'] = { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: POSTBACK_MESSAGES.variables };
  }

  const rawEventType =
    input.postback_event_type == null || input.postback_event_type === '' ? null : input.postback_event_type;
  const eventType =
    rawEventType !== null && (EVENT_TYPES as readonly string[]).includes(rawEventType)
      ? (rawEventType as EventType)
      : null;
  if (rawEventType !== null && eventType === null) {
    errors['postback_event_type'] = { code: ERROR_CODES.BAD_FORMAT, message: POSTBACK_MESSAGES.eventType };
  }

  if (Object.keys(errors).length > 0 || !status || !type) return { errors, value: null };
  return {
    errors,
    value: {
      postback_name: name,
      postback_status: status,
      postback_type: type,
      postback_value: value,
      postback_event_type: eventType,
    },
  };
}
