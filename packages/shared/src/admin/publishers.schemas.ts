import { z } from 'zod';
import { dataEnvelope, successSchema } from '../common/envelope.ts';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import { accountManagerSchema } from '../profile/profile.schemas.ts';
import { maskedPaymentDetailsSchema } from '../profile/payment-details.schemas.ts';
import { PUBLISHER_STATUSES, PUBLISHER_STATUS_ACTIONS } from './publishers.constants.ts';

/**
 * The console's Publishers area (docs/operator-console.md "Publishers"): the list, one publisher's
 * page, its status changes, users, account manager and view-as link. Missing or empty values are
 * answered with coded field errors by the server, as the publisher API does.
 */
export * from './publishers.constants.ts';

const idSchema = z.number().int().positive().max(2_147_483_647);

export const publisherStatusSchema = z.enum(PUBLISHER_STATUSES);
export const publisherStatusActionSchema = z.enum(PUBLISHER_STATUS_ACTIONS);

export const publisherIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(idSchema),
});

/* The list ------------------------------------------------------------------------------------ */

export const publisherRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: publisherStatusSchema,
  /** The first user's e-mail (null for an account without users). */
  email: z.string().nullable(),
  users: z.number().int(),
  account_manager: z.string().nullable(),
  created_at: z.string(),
});
export type PublisherRow = z.infer<typeof publisherRowSchema>;

export const PUBLISHER_LIST_SORTS = ['created_at', 'name'] as const;
export const publisherListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({ status: publisherStatusSchema.nullish() })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: PUBLISHER_LIST_SORTS,
  defaultSort: 'created_at',
  defaultOrder: -1,
});
export type PublisherListRequest = z.input<typeof publisherListRequestSchema>;
export type PublisherListQuery = z.output<typeof publisherListRequestSchema>;
export const publisherListResponseSchema = listResponseSchema(publisherRowSchema);
export type PublisherListResponse = z.infer<typeof publisherListResponseSchema>;

/* One publisher ------------------------------------------------------------------------------- */

export const publisherUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** The other publisher accounts this user may switch to (multi-account login). */
  other_accounts: z.array(z.object({ id: z.number().int(), name: z.string(), status: publisherStatusSchema })),
});
export type PublisherUser = z.infer<typeof publisherUserSchema>;

export const publisherFiguresSchema = z.object({
  /** The first day counted (the 1st of the month in `timezone`) and the zone. */
  start: z.string(),
  timezone: z.string(),
  clicks: z.number(),
  conversions: z.number(),
  /** What the publisher earned (their payout), in USD. */
  payout: z.number(),
});
export type PublisherFigures = z.infer<typeof publisherFiguresSchema>;

export const publisherGrantSchema = z.object({
  offer_id: z.number().int(),
  offer_name: z.string(),
  offer_status: z.string(),
  granted_at: z.string(),
});
export type PublisherGrant = z.infer<typeof publisherGrantSchema>;

export const publisherDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: publisherStatusSchema,
  created_at: z.string(),
  approved_at: z.string().nullable(),
  referral_code: z.string(),
  website_url: z.string().nullable(),
  account_manager: accountManagerSchema.nullable(),
  referrer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  users: z.array(publisherUserSchema),
  month_to_date: publisherFiguresSchema,
  /** Offers granted to this publisher (private or approval-required offers it may run). */
  granted_offers: z.array(publisherGrantSchema),
  /** The publisher's own minimum payout (null: the network's, `network_minimum_payout`). */
  minimum_payout: z.number().nullable(),
  network_minimum_payout: z.number(),
  /** Where the publisher is paid, masked but for the last four characters; null: none given. */
  payment_details: maskedPaymentDetailsSchema.nullable(),
});
export type PublisherDetail = z.infer<typeof publisherDetailSchema>;
export const publisherDetailResponseSchema = dataEnvelope(publisherDetailSchema);
export type PublisherDetailResponse = z.infer<typeof publisherDetailResponseSchema>;

/* Writes ---------------------------------------------------------------------------------------- */

export const PUBLISHER_REASON_MAX = 1000;
export const publisherStatusRequestSchema = z.strictObject({
  action: publisherStatusActionSchema.nullish(),
  reason: z
    .string()
    .max(PUBLISHER_REASON_MAX * 2)
    .nullish(),
});
export type PublisherStatusRequest = z.infer<typeof publisherStatusRequestSchema>;

export const PUBLISHER_MINIMUM_PAYOUT_MAX = 1_000_000;
export const publisherUpdateRequestSchema = z.strictObject({
  /** null: no account manager; left out: unchanged. */
  account_manager_id: idSchema.nullable().optional(),
  /** The publisher's own minimum payout in USD; null: the network's (MINIMUM_PAYOUT_USD); left out: unchanged. */
  minimum_payout: z.number().nullable().optional(),
});
export type PublisherUpdateRequest = z.infer<typeof publisherUpdateRequestSchema>;

export const publisherLinkUserRequestSchema = z.strictObject({ email: z.string().max(256).nullish() });
export type PublisherLinkUserRequest = z.infer<typeof publisherLinkUserRequestSchema>;
export const publisherUnlinkUserRequestSchema = z.strictObject({ user_id: idSchema });
export type PublisherUnlinkUserRequest = z.infer<typeof publisherUnlinkUserRequestSchema>;

export const publisherSuccessResponseSchema = successSchema;

/** The portal's address that logs in as the publisher's first user: once, for a few minutes. */
export const publisherViewAsResponseSchema = dataEnvelope(
  z.object({ link: z.string(), expires_at: z.string(), email: z.string() }),
);
export type PublisherViewAsResponse = z.infer<typeof publisherViewAsResponseSchema>;

export const accountManagersResponseSchema = dataEnvelope(z.array(accountManagerSchema));
export type AccountManagersResponse = z.infer<typeof accountManagersResponseSchema>;
