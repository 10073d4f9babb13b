import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import {
  NOTIFICATION_AUDIENCES,
  NOTIFICATION_CHOSEN_MAX,
  NOTIFICATION_TITLE_MAX,
} from './notification-sends.constants.ts';

/**
 * The console's Notifications area (docs/operator-console.md "Notifications"): compose and send a
 * notice to every active publisher or to chosen ones, and the sent list with read counts. Missing
 * or bad values are answered with coded field errors by the server, not by the schema.
 */
export * from './notification-sends.constants.ts';

export const notificationSendRequestSchema = z.strictObject({
  title: z
    .string()
    .max(NOTIFICATION_TITLE_MAX * 4)
    .nullish(),
  /** HTML; sanitised before it is stored (docs/security.md). */
  body: z.string().max(100_000).nullish(),
  urgent: z.boolean().nullish(),
  audience: z.string().max(16).nullish(),
  /** With audience 'chosen': the publishers' ids. */
  publisher_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(NOTIFICATION_CHOSEN_MAX).nullish(),
});
export type NotificationSendRequest = z.infer<typeof notificationSendRequestSchema>;

export const notificationSendRowSchema = z.object({
  id: z.number().int(),
  sent_at: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  urgent: z.boolean(),
  audience: z.enum(NOTIFICATION_AUDIENCES),
  /** How many publishers got it, and how many of them have read it. */
  recipients: z.number().int(),
  read: z.number().int(),
  /** With audience 'chosen': the first publishers (id and name), up to five. */
  publishers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The operator's e-mail, or cli:<os user>. */
  sent_by: z.string(),
});
export type NotificationSendRow = z.infer<typeof notificationSendRowSchema>;
export const notificationSendResponseSchema = dataEnvelope(notificationSendRowSchema);
export type NotificationSendResponse = z.infer<typeof notificationSendResponseSchema>;

export const NOTIFICATION_SEND_SORTS = ['sent_at'] as const;
export const notificationSendListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({})
    .nullish()
    .transform((f) => f ?? {}),
  sorts: NOTIFICATION_SEND_SORTS,
  defaultSort: 'sent_at',
  defaultOrder: -1,
});
export type NotificationSendListRequest = z.input<typeof notificationSendListRequestSchema>;
export type NotificationSendListQuery = z.output<typeof notificationSendListRequestSchema>;
export const notificationSendListResponseSchema = listResponseSchema(notificationSendRowSchema);
export type NotificationSendListResponse = z.infer<typeof notificationSendListResponseSchema>;

/** The publishers the compose form can choose from: searched by name, e-mail or id. */
export const notificationRecipientSchema = z.object({ id: z.number().int(), name: z.string(), status: z.string() });
export type NotificationRecipient = z.infer<typeof notificationRecipientSchema>;
export const notificationRecipientListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({})
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ['name'] as const,
  defaultSort: 'name',
});
export type NotificationRecipientListRequest = z.input<typeof notificationRecipientListRequestSchema>;
export type NotificationRecipientListQuery = z.output<typeof notificationRecipientListRequestSchema>;
export const notificationRecipientListResponseSchema = listResponseSchema(notificationRecipientSchema);
export type NotificationRecipientListResponse = z.infer<typeof notificationRecipientListResponseSchema>;
