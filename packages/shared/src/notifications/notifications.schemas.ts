import { z } from 'zod';
import { cursorSchema, limitSchema, listResponseSchema, searchSchema } from '../common/list.ts';
import { NOTIFICATION_TARGET_DOMAINS } from './notifications.constants.ts';

export * from './notifications.constants.ts';

/** Notifications of docs/api.md. `description` is HTML, sanitized when stored and again when shown. */
export const notificationSchema = z.object({
  notification_id: z.number().int(),
  datetime_sent: z.string(),
  summary: z.string(),
  description: z.string(),
  is_read: z.boolean(),
  urgent: z.boolean(),
  /** An offer-context notification's offer; null for any other (docs/api.md). */
  context_domain: z.literal('offer').nullable(),
  context_id: z.number().int().nullable(),
  /** What the notification is about and links to: an offer, a postback or an invoice; null for none. */
  target: z
    .object({ domain: z.enum(NOTIFICATION_TARGET_DOMAINS), id: z.number().int() })
    .nullable()
    .describe('What the notification is about: an offer, a postback (its delivery log) or an invoice.'),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Boolean filters as the web app sends them: true/false, or null / '' for "any". */
const boolFilter = z
  .union([z.boolean(), z.literal(''), z.literal('true'), z.literal('false'), z.literal(1), z.literal(0)])
  .nullish()
  .transform((v) => (v === '' || v == null ? null : v === true || v === 'true' || v === 1));

export const notificationTableRequestSchema = z.strictObject({
  filter_is_read: boolFilter,
  filter_is_urgent: boolFilter,
  search: searchSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});
export type NotificationTableRequest = z.infer<typeof notificationTableRequestSchema>;
/** The body a client sends (defaults and transforms not applied yet). */
export type NotificationTableRequestBody = z.input<typeof notificationTableRequestSchema>;
export const notificationTableResponseSchema = listResponseSchema(notificationSchema);
export type NotificationTableResponse = z.infer<typeof notificationTableResponseSchema>;

export const notificationModalResponseSchema = z.object({ data: z.array(notificationSchema) });
export type NotificationModalResponse = z.infer<typeof notificationModalResponseSchema>;

export const notificationIdRequestSchema = z.strictObject({ notification_id: z.coerce.number().int().positive() });
export const notificationResponseSchema = z.object({ data: notificationSchema });
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;
