import { z } from 'zod';
import { CONVERSION_METHODS, OFFER_STATUSES } from '../constants.ts';
import { CREATIVE_TYPES, EVENT_TYPES, OFFER_ACCESS_STATES, PAYOUT_TYPES } from './offers.constants.ts';

export * from './offers.constants.ts';
import { dataEnvelope } from '../common/envelope.ts';
import { dateRangeSchema, listRequestSchema, listResponseSchema } from '../common/list.ts';

/** A database id as sent by forms and route parameters: a positive integer, digits in a string accepted. */
export const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

const offerStatusSchema = z.enum(OFFER_STATUSES);
const payoutTypeSchema = z.enum(PAYOUT_TYPES);

/** Body of every per-offer call (`offer`, `offer-details`, `offer-creatives`, …). */
export const offerIdRequestSchema = z.strictObject({ offer_id: idSchema });
export type OfferIdRequest = z.infer<typeof offerIdRequestSchema>;

/* ---------------------------------------------------------------- campaign-table (My Offers) */

export const CAMPAIGN_TABLE_SORTS = ['name', 'payout', 'clicks', 'clicks_unique', 'epc', 'earnings'] as const;
export type CampaignTableSort = (typeof CAMPAIGN_TABLE_SORTS)[number];

export const campaignTableFiltersSchema = z
  .strictObject({
    /** Calendar days in the user's time zone, both inclusive; absent or null: today. */
    date_range: dateRangeSchema.nullish(),
  })
  .default({});

/** `POST /campaign-table`: the offers the publisher may run, with their metrics over the date range. */
export const campaignTableRequestSchema = listRequestSchema({
  filters: campaignTableFiltersSchema,
  sorts: CAMPAIGN_TABLE_SORTS,
  defaultSort: 'name',
});
export type CampaignTableRequest = z.input<typeof campaignTableRequestSchema>;

export const campaignRowSchema = z.object({
  offer_id: z.number().int(),
  /** Same as offer_id (docs/api.md Campaign row carries both). */
  id: z.number().int(),
  name: z.string(),
  status: offerStatusSchema,
  payout: z.number(),
  payout_type: payoutTypeSchema,
  /** Every click in the range, as the reports' `clicks` (EPC's basis). */
  clicks: z.number().int(),
  /** Unique clicks in the range: the first from one visitor for the offer within 24 hours. */
  clicks_unique: z.number().int(),
  /** Earnings per click: earnings / all clicks in the range, 4 decimals (docs/reports.md). */
  epc: z.number(),
  earnings: z.number(),
  preview_url: z.string().nullable(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;
export const campaignTableResponseSchema = listResponseSchema(campaignRowSchema);
export type CampaignTableResponse = z.infer<typeof campaignTableResponseSchema>;

/* ---------------------------------------------------------------- offer-list (pickers) */

export const OFFER_LIST_SORTS = ['name', 'offer_id'] as const;

/**
 * `POST /offer-list`: the offers the publisher may run, for pickers (report filters, the postback
 * modal's offer select, the dashboard's latest offers). The spec's "shared offers service".
 */
export const offerListRequestSchema = listRequestSchema({
  filters: z.strictObject({ status: z.array(offerStatusSchema).max(OFFER_STATUSES.length).nullish() }).default({}),
  sorts: OFFER_LIST_SORTS,
  defaultSort: 'name',
});
export type OfferListRequest = z.input<typeof offerListRequestSchema>;

export const offerListItemSchema = z.object({
  offer_id: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  status: offerStatusSchema,
  payout: z.number(),
  payout_type: payoutTypeSchema,
  preview_url: z.string().nullable(),
  /** When the offer was added to the network; `sort: 'offer_id', order: -1` lists the latest first. */
  created_at: z.string(),
});
export type OfferListItem = z.infer<typeof offerListItemSchema>;
export const offerListResponseSchema = listResponseSchema(offerListItemSchema);
export type OfferListResponse = z.infer<typeof offerListResponseSchema>;

/* ---------------------------------------------------------------- offer, offer-details */

/** `POST /offer` (docs/api.md Offer). */
export const offerSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  name: z.string(),
  status: offerStatusSchema,
  preview_url: z.string().nullable(),
  description: z.string(),
  /** `YYYY-MM-DD`, null: does not expire. */
  expiration: z.string().nullable(),
  /** ISO 3166-1 alpha-2 codes; empty: all regions. */
  geos: z.array(z.string()),
  payout: z.number(),
  payout_type: payoutTypeSchema,
  tags: z.array(z.string()),
  tracking_link_base_url: z.string(),
  /**
   * Whether the publisher runs the offer (`run`), or it needs the network's approval first: the
   * publisher may ask for it (`request`) or has asked and waits (`requested`); then `status` is
   * `pending` and the tracking link is not open.
   */
  access: z.enum(OFFER_ACCESS_STATES),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponseSchema = dataEnvelope(offerSchema);
export type OfferResponse = z.infer<typeof offerResponseSchema>;

/** `POST /offer-details`: the Details tab. */
export const offerDetailsSchema = z.object({
  offer_id: z.number().int(),
  offer_name: z.string(),
  offer_status: offerStatusSchema,
  offer_description: z.string(),
  offer_expire_date: z.string().nullable(),
  offer_geos: z.array(z.string()),
  offer_payout: z.number(),
  offer_payout_type: payoutTypeSchema,
  offer_tags: z.array(z.string()),
  offer_preview_url: z.string().nullable(),
  /**
   * How the advertiser reports this offer's conversions (beyond the spec): a server postback, the
   * thank-you page's pixel, or both. Publishers see it on the Details tab.
   */
  offer_conversion_method: z.enum(CONVERSION_METHODS),
});
export type OfferDetails = z.infer<typeof offerDetailsSchema>;
export const offerDetailsResponseSchema = dataEnvelope(offerDetailsSchema);
export type OfferDetailsResponse = z.infer<typeof offerDetailsResponseSchema>;

/* ---------------------------------------------------------------- creatives, tracking link, lists */

export const creativeSchema = z.object({
  creative_id: z.number().int(),
  creative_name: z.string(),
  creative_type: z.enum(CREATIVE_TYPES),
  creative_url: z.string(),
});
export type Creative = z.infer<typeof creativeSchema>;
export const offerCreativesResponseSchema = dataEnvelope(z.array(creativeSchema));
export type OfferCreativesResponse = z.infer<typeof offerCreativesResponseSchema>;

export const trackingLinkLandingPageSchema = z.object({
  landing_page_name: z.string(),
  /** The landing page id, sent as the `cr` parameter of the tracking link. */
  landing_page_cr: z.number().int(),
  default: z.boolean(),
});
export type TrackingLinkLandingPage = z.infer<typeof trackingLinkLandingPageSchema>;

/** `POST /offer-tracking-link`: `base_url` is `{PUBLIC_TRACKING_URL}/c/{offer_id}/{publisher_id}` (docs/tracking.md). */
export const offerTrackingLinkSchema = z.object({
  base_url: z.string(),
  landing_page_list: z.array(trackingLinkLandingPageSchema),
});
export type OfferTrackingLink = z.infer<typeof offerTrackingLinkSchema>;
export const offerTrackingLinkResponseSchema = dataEnvelope(offerTrackingLinkSchema);
export type OfferTrackingLinkResponse = z.infer<typeof offerTrackingLinkResponseSchema>;

export const landingPageItemSchema = z.object({ id: z.number().int(), name: z.string(), is_default: z.boolean() });
export type LandingPageItem = z.infer<typeof landingPageItemSchema>;
/** `POST /landing-page-list`: the offer's landing pages, the default first. */
export const landingPageListResponseSchema = dataEnvelope(z.array(landingPageItemSchema));
export type LandingPageListResponse = z.infer<typeof landingPageListResponseSchema>;

export const eventListItemSchema = z.object({
  event_id: z.number().int(),
  name: z.string(),
  event_type: z.enum(EVENT_TYPES),
});
export type EventListItem = z.infer<typeof eventListItemSchema>;
/** `POST /event-list`: the offer's events, by id. */
export const eventListResponseSchema = dataEnvelope(z.array(eventListItemSchema));
export type EventListResponse = z.infer<typeof eventListResponseSchema>;

/* ---------------------------------------------------------------- search (option lists) */

export const SEARCH_SUBJECTS = ['publisher_postback_status', 'publisher_postback_type', 'offer_event_type'] as const;
export type SearchSubject = (typeof SEARCH_SUBJECTS)[number];
export const searchQuerySchema = z.strictObject({ subject: z.enum(SEARCH_SUBJECTS) });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const optionSchema = z.object({ value: z.string(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;
/** `GET /search?subject=…`: `{data: [{value, label}]}`. */
export const searchResponseSchema = dataEnvelope(z.array(optionSchema));
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** A publisher asks to run an approval-required offer; answers its access afterwards. */
export const offerAccessRequestResponseSchema = dataEnvelope(z.object({ access: z.enum(OFFER_ACCESS_STATES) }));
export type OfferAccessRequestResponse = z.infer<typeof offerAccessRequestResponseSchema>;
