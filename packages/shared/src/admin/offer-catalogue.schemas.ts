import { z } from 'zod';
import { calendarDaySchema } from '../common/list.ts';
import { CONVERSION_METHODS, OFFER_STATUSES } from '../constants.ts';
import {
  CONVERSION_APPROVALS,
  CREATIVE_TYPES,
  EVENT_TYPES,
  HOLD_DAYS_MAX,
  HOLD_DAYS_MIN,
  MIN_CTIT_SECONDS_MAX,
  OFFER_VISIBILITIES,
  PAYOUT_TYPES,
} from '../offers/offers.constants.ts';
import { CAP_SCOPES, offerAmountSchema } from './offers.schemas.ts';

/**
 * An offer and its parts as the network's catalogue takes them (the server's
 * `modules/offers/offer-catalogue.service.ts` and `offer-content.service.ts`): what the operator CLI
 * and the demo seed write, and what the console's editor writes once its own checks passed
 * (offers.schemas.ts, whose amounts and cap scopes these share). A bad value is answered by the
 * server with a coded field error per issue.
 */

/** WHATWG URL, present in browsers and Node; this package compiles without DOM or Node types. */
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }).URL;

/** An absolute http(s) URL with a host, written with its scheme. */
export const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    try {
      const u = new WhatwgUrl(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && /^https?:\/\//i.test(v);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

const id = z.number().int().positive();

export const offerFields = {
  advertiser_id: id,
  name: z.string().trim().min(1).max(256),
  description: z.string().max(20_000),
  status: z.enum(OFFER_STATUSES),
  preview_url: httpUrl.nullable(),
  expire_date: calendarDaySchema.nullable(),
  geos: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, 'geos are ISO 3166-1 alpha-2 codes'),
    )
    .max(300),
  tags: z.array(z.string().trim().min(1).max(64)).max(50),
  payout: offerAmountSchema,
  payout_type: z.enum(PAYOUT_TYPES),
  daily_cap: z.number().int().positive().nullable(),
  monthly_cap: z.number().int().positive().nullable(),
  cap_scope: z.enum(CAP_SCOPES),
  fallback_url: httpUrl.nullable(),
  lookback_days: z.number().int().min(1).max(3650),
  /** Who sees the offer; `is_public` is the older way to say `public` (true) or `private` (false). */
  visibility: z.enum(OFFER_VISIBILITIES),
  is_public: z.boolean(),
  /** How the advertiser reports conversions; pixels are accepted only when this allows them. */
  conversion_method: z.enum(CONVERSION_METHODS),
  /** How its conversions arrive (docs/money.md); `hold_days` is set exactly when it is `hold`. */
  conversion_approval: z.enum(CONVERSION_APPROVALS),
  hold_days: z.number().int().min(HOLD_DAYS_MIN).max(HOLD_DAYS_MAX).nullable(),
  /** A conversion sooner than this after its click arrives pending (0: off). */
  min_ctit_seconds: z.number().int().min(0).max(MIN_CTIT_SECONDS_MAX),
};

export const newOfferSchema = z
  .strictObject({
    ...offerFields,
    description: offerFields.description.default(''),
    status: offerFields.status.default('active'),
    preview_url: offerFields.preview_url.default(null),
    expire_date: offerFields.expire_date.default(null),
    geos: offerFields.geos.default([]),
    tags: offerFields.tags.default([]),
    payout: offerFields.payout.default(0),
    payout_type: offerFields.payout_type.default('cpa'),
    daily_cap: offerFields.daily_cap.default(null),
    monthly_cap: offerFields.monthly_cap.default(null),
    cap_scope: offerFields.cap_scope.default('global'),
    fallback_url: offerFields.fallback_url.default(null),
    lookback_days: offerFields.lookback_days.default(30),
    visibility: offerFields.visibility.optional(),
    is_public: offerFields.is_public.optional(),
    conversion_method: offerFields.conversion_method.default('postback'),
    conversion_approval: offerFields.conversion_approval.default('auto'),
    hold_days: offerFields.hold_days.default(null),
    min_ctit_seconds: offerFields.min_ctit_seconds.default(0),
    /** The base conversion event created with the offer, carrying its payout. */
    base_event_name: z.string().trim().min(1).max(128).default('Conversion'),
    /** What the advertiser pays for the base event (docs/tracking.md, Revenue). */
    revenue: offerAmountSchema.default(0),
    revenue_type: z.enum(PAYOUT_TYPES).default('cpa'),
  })
  .refine((o) => o.payout_type !== 'revshare' || o.payout <= 100, {
    message: 'a revenue share payout is a percentage (0-100)',
    path: ['payout'],
  })
  .refine((o) => o.revenue_type !== 'revshare' || o.revenue <= 100, {
    message: 'a revenue share is a percentage (0-100)',
    path: ['revenue'],
  })
  .refine((o) => (o.conversion_approval === 'hold') === (o.hold_days !== null), {
    message: 'hold_days is set exactly when conversion_approval is hold',
    path: ['hold_days'],
  });
export type NewOffer = z.input<typeof newOfferSchema>;

export const offerPatchSchema = z.strictObject(offerFields).partial();
export type OfferPatch = z.input<typeof offerPatchSchema>;

export const landingPageSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(256),
  /** May carry macros such as {tid} in its query string (docs/tracking.md). */
  url: httpUrl,
  is_default: z.boolean().default(false),
});
export type NewLandingPage = z.input<typeof landingPageSchema>;
// Without the new page's default (false): a change that does not name is_default leaves it as it is.
export const landingPagePatchSchema = landingPageSchema
  .omit({ offer_id: true })
  .extend({ is_default: z.boolean() })
  .partial();
export type LandingPagePatch = z.input<typeof landingPagePatchSchema>;

export const creativeInputSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(256),
  type: z.enum(CREATIVE_TYPES),
  url: httpUrl,
});
export type NewCreative = z.input<typeof creativeInputSchema>;
export const creativePatchSchema = creativeInputSchema.omit({ offer_id: true }).partial();
export type CreativePatch = z.input<typeof creativePatchSchema>;

export const eventSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(128),
  event_type: z.enum(EVENT_TYPES).default('conversion'),
  payout: offerAmountSchema.default(0),
  payout_type: z.enum(PAYOUT_TYPES).default('cpa'),
  revenue: offerAmountSchema.default(0),
  revenue_type: z.enum(PAYOUT_TYPES).default('cpa'),
  is_base: z.boolean().default(false),
});
export type NewEvent = z.input<typeof eventSchema>;
export const eventPatchSchema = z
  .strictObject({
    name: eventSchema.shape.name,
    event_type: z.enum(EVENT_TYPES),
    payout: offerAmountSchema,
    payout_type: z.enum(PAYOUT_TYPES),
    revenue: offerAmountSchema,
    revenue_type: z.enum(PAYOUT_TYPES),
    is_base: z.literal(true),
  })
  .partial();
export type EventPatch = z.input<typeof eventPatchSchema>;
