import { z } from 'zod';
import { dataEnvelope, successSchema } from '../common/envelope.ts';
import { calendarDaySchema, listRequestSchema, listResponseSchema } from '../common/list.ts';
import { CONVERSION_METHODS, OFFER_STATUSES } from '../constants.ts';
import {
  CONVERSION_APPROVALS,
  CREATIVE_TYPES,
  EVENT_TYPES,
  OFFER_VISIBILITIES,
  PAYOUT_TYPES,
} from '../offers/offers.constants.ts';

/**
 * The console's Offers area (docs/operator-console.md, Offers): the list, the editor's one save
 * (fields, caps, events, landing pages), creatives (an uploaded image or a URL) and offer access
 * (grants and publishers' requests). Empty or wrong values are answered by the server with coded
 * field errors (`events.0.payout`, `landing_pages.1.url`, …), which the editor shows at the field.
 */
const id = z.number().int().positive().max(2_147_483_647);
/** An amount of money: a payout, a revenue (the catalogue's schemas share it, offer-catalogue.schemas.ts). */
export const offerAmountSchema = z.number().min(0).max(1_000_000_000);
const amount = offerAmountSchema;

export const offerIdParamsSchema = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/* The list ------------------------------------------------------------------------------------ */

export const ADMIN_OFFER_SORTS = ['id', 'name'] as const;
export const adminOfferListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({
      status: z.array(z.enum(OFFER_STATUSES)).max(OFFER_STATUSES.length).nullish(),
      advertiser_id: id.nullish(),
      visibility: z.enum(OFFER_VISIBILITIES).nullish(),
    })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ADMIN_OFFER_SORTS,
  defaultSort: 'id',
  defaultOrder: -1,
});
export type AdminOfferListRequest = z.input<typeof adminOfferListRequestSchema>;
export type AdminOfferListQuery = z.output<typeof adminOfferListRequestSchema>;

export const adminOfferRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  advertiser_id: z.number().int(),
  advertiser_name: z.string(),
  status: z.enum(OFFER_STATUSES),
  visibility: z.enum(OFFER_VISIBILITIES),
  payout: z.number(),
  payout_type: z.enum(PAYOUT_TYPES),
  conversion_method: z.enum(CONVERSION_METHODS),
  created_at: z.string(),
});
export type AdminOfferRow = z.infer<typeof adminOfferRowSchema>;
export const adminOfferListResponseSchema = listResponseSchema(adminOfferRowSchema);
export type AdminOfferListResponse = z.infer<typeof adminOfferListResponseSchema>;

/** Every advertiser, for the editor's and the list's advertiser pickers. */
export const adminOfferAdvertisersResponseSchema = dataEnvelope(
  z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string() })),
);
export type AdminOfferAdvertisersResponse = z.infer<typeof adminOfferAdvertisersResponseSchema>;

/* The editor ---------------------------------------------------------------------------------- */

export const CAP_SCOPES = ['global', 'publisher'] as const;
export type CapScope = (typeof CAP_SCOPES)[number];

/** An event of the offer: without `id` it is added. The first event is the base one. */
export const adminOfferEventInputSchema = z.strictObject({
  id: id.nullish(),
  name: z.string().max(128),
  event_type: z.enum(EVENT_TYPES).default('conversion'),
  /** What the publisher earns: an amount (`cpa`) or a share of the sale in % (`revshare`). */
  payout: amount,
  payout_type: z.enum(PAYOUT_TYPES),
  /** What the advertiser pays the network, likewise. */
  revenue: amount,
  revenue_type: z.enum(PAYOUT_TYPES),
});
export type AdminOfferEventInput = z.input<typeof adminOfferEventInputSchema>;

/** A landing page: without `id` it is added; one left out of the list is removed. The first is the default. */
export const adminLandingPageInputSchema = z.strictObject({
  id: id.nullish(),
  name: z.string().max(256).nullish(),
  url: z.string().max(2048),
});
export type AdminLandingPageInput = z.input<typeof adminLandingPageInputSchema>;

/** An offer's tags: at most this many, each at most this long. */
export const OFFER_TAGS_MAX = 50;
export const OFFER_TAG_LENGTH_MAX = 64;

export const adminOfferSaveRequestSchema = z.strictObject({
  name: z.string().max(256),
  advertiser_id: id.nullable(),
  status: z.enum(OFFER_STATUSES),
  description: z.string().max(20_000).default(''),
  preview_url: z.string().max(2048).nullish(),
  /** Regions: ISO 3166-1 alpha-2 country codes; none means everywhere. */
  geos: z.array(z.string().max(8)).max(300).default([]),
  /**
   * Tags publishers see on the offer (each at most 64 characters, at most 50; blanks and repeats
   * dropped). Left out, the offer keeps the tags it has.
   */
  tags: z.array(z.string().max(1000)).max(1000).nullish(),
  expire_date: calendarDaySchema.nullish(),
  visibility: z.enum(OFFER_VISIBILITIES),
  conversion_method: z.enum(CONVERSION_METHODS),
  daily_cap: z.number().int().positive().max(2_147_483_647).nullish(),
  monthly_cap: z.number().int().positive().max(2_147_483_647).nullish(),
  /** A cap counts the whole network's conversions (`global`) or each publisher's. */
  cap_scope: z.enum(CAP_SCOPES).default('global'),
  /**
   * How its conversions arrive (docs/money.md): `auto` (the default), `hold` for `hold_days`
   * (1-90, required for a hold, ignored otherwise) or `manual`; `min_ctit_seconds` (0: off) holds a
   * conversion sooner than that after its click. Out-of-range values are answered as field errors.
   */
  conversion_approval: z.enum(CONVERSION_APPROVALS).default('auto'),
  hold_days: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullish(),
  min_ctit_seconds: z.number().int().min(-2_147_483_648).max(2_147_483_647).default(0),
  events: z.array(adminOfferEventInputSchema).max(50),
  landing_pages: z.array(adminLandingPageInputSchema).max(50),
});
export type AdminOfferSaveRequest = z.input<typeof adminOfferSaveRequestSchema>;
export type AdminOfferSave = z.output<typeof adminOfferSaveRequestSchema>;

export const adminCreativeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CREATIVE_TYPES),
  url: z.string(),
  /** Whether the portal serves it (an uploaded image) rather than linking elsewhere. */
  uploaded: z.boolean(),
});
export type AdminCreative = z.infer<typeof adminCreativeSchema>;

export const adminOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  advertiser_id: z.number().int(),
  advertiser_name: z.string(),
  status: z.enum(OFFER_STATUSES),
  description: z.string(),
  preview_url: z.string().nullable(),
  geos: z.array(z.string()),
  tags: z.array(z.string()),
  expire_date: z.string().nullable(),
  visibility: z.enum(OFFER_VISIBILITIES),
  conversion_method: z.enum(CONVERSION_METHODS),
  daily_cap: z.number().int().nullable(),
  monthly_cap: z.number().int().nullable(),
  cap_scope: z.enum(CAP_SCOPES),
  conversion_approval: z.enum(CONVERSION_APPROVALS),
  hold_days: z.number().int().nullable(),
  min_ctit_seconds: z.number().int(),
  events: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      event_type: z.enum(EVENT_TYPES),
      payout: z.number(),
      payout_type: z.enum(PAYOUT_TYPES),
      revenue: z.number(),
      revenue_type: z.enum(PAYOUT_TYPES),
      is_base: z.boolean(),
    }),
  ),
  landing_pages: z.array(
    z.object({ id: z.number().int(), name: z.string(), url: z.string(), is_default: z.boolean() }),
  ),
  creatives: z.array(adminCreativeSchema),
  created_at: z.string(),
});
export type AdminOffer = z.infer<typeof adminOfferSchema>;
export const adminOfferResponseSchema = dataEnvelope(adminOfferSchema);
export type AdminOfferResponse = z.infer<typeof adminOfferResponseSchema>;

/* Creatives ----------------------------------------------------------------------------------- */

/** Uploaded images: these types, at most this size (the request carries them in base64). */
export const CREATIVE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const CREATIVE_UPLOAD_MAX_BYTES = 512 * 1024;

/** A creative by URL (`url`, with its `type`), or an uploaded image (`image`, base64). */
export const adminCreativeAddRequestSchema = z.strictObject({
  name: z.string().max(256),
  type: z.enum(CREATIVE_TYPES).default('image'),
  url: z.string().max(2048).nullish(),
  image: z
    .strictObject({
      content_type: z.string().max(64),
      /** The file's bytes in base64 (a bigger file is answered with the size error, within the 1 MB body). */
      data: z.string().max(1_000_000),
    })
    .nullish(),
});
export type AdminCreativeAddRequest = z.input<typeof adminCreativeAddRequestSchema>;
export const adminCreativeParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  creativeId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const adminCreativeResponseSchema = dataEnvelope(adminCreativeSchema);
export const adminCreativeRemoveResponseSchema = successSchema;

/* Offer access -------------------------------------------------------------------------------- */

export const offerAccessFiltersSchema = z
  .strictObject({ offer_id: id.nullish(), publisher_id: id.nullish() })
  .nullish()
  .transform((f) => f ?? {});

export const offerGrantListRequestSchema = listRequestSchema({
  filters: offerAccessFiltersSchema,
  sorts: ['granted_at'] as const,
  defaultSort: 'granted_at',
  defaultOrder: -1,
});
export type OfferGrantListRequest = z.input<typeof offerGrantListRequestSchema>;
export const offerGrantSchema = z.object({
  offer_id: z.number().int(),
  offer_name: z.string(),
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  granted_at: z.string(),
});
export type OfferGrant = z.infer<typeof offerGrantSchema>;
export const offerGrantListResponseSchema = listResponseSchema(offerGrantSchema);
export type OfferGrantListResponse = z.infer<typeof offerGrantListResponseSchema>;

export const OFFER_ACCESS_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export const offerAccessRequestListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({
      offer_id: id.nullish(),
      publisher_id: id.nullish(),
      status: z.enum(OFFER_ACCESS_REQUEST_STATUSES).nullish(),
    })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ['requested_at'] as const,
  defaultSort: 'requested_at',
  defaultOrder: -1,
});
export type OfferAccessRequestListRequest = z.input<typeof offerAccessRequestListRequestSchema>;
export const offerAccessRequestSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  offer_name: z.string(),
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  status: z.enum(OFFER_ACCESS_REQUEST_STATUSES),
  requested_at: z.string(),
  /** Why it was declined (the publisher sees it); null otherwise. */
  decline_reason: z.string().nullable(),
});
export type OfferAccessRequest = z.infer<typeof offerAccessRequestSchema>;
export const offerAccessRequestListResponseSchema = listResponseSchema(offerAccessRequestSchema);
export type OfferAccessRequestListResponse = z.infer<typeof offerAccessRequestListResponseSchema>;

/** Grant or revoke: one offer, one publisher. */
export const offerAccessChangeRequestSchema = z.strictObject({ offer_id: id, publisher_id: id });
export type OfferAccessChangeRequest = z.infer<typeof offerAccessChangeRequestSchema>;
export const offerAccessChangeResponseSchema = successSchema;
export const offerAccessRequestParamsSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** The longest reason for declining a request. */
export const OFFER_ACCESS_DECLINE_REASON_MAX = 1000;
/** Decline a request: the reason is required and shown to the publisher on the offer's page. */
export const offerAccessDeclineRequestSchema = z.strictObject({ reason: z.string().max(10_000).nullish() });
export type OfferAccessDeclineRequest = z.input<typeof offerAccessDeclineRequestSchema>;
