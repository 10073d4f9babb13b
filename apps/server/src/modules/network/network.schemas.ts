import { z } from 'zod';
import {
  CONVERSION_METHODS,
  CREATIVE_TYPES,
  EVENT_TYPES,
  ERROR_CODES,
  OFFER_STATUSES,
  OFFER_VISIBILITIES,
  PAYOUT_TYPES,
  calendarDaySchema,
  type FieldError,
} from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { networkRepository as repo } from './network.repository.ts';
import { newOpaqueToken } from '../../lib/tokens.ts';

/** The operator's input to the network tools, validated (network.service.ts). */

/**
 * A bad operator input: the message names the field and is printed as is by the CLI; `fields`
 * holds the same as coded field errors (docs/errors.md) for the console, which shows them at the
 * field. An error with no field (`no offer 12`) has none.
 */
export class NetworkInputError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, FieldError> = {},
  ) {
    super(message);
  }
}

/** One field's error: the CLI reads `field: message`, the console the field's code and message. */
export const inputError = (field: string, message: string, code: string = ERROR_CODES.BAD_FORMAT) =>
  new NetworkInputError(`${field}: ${message}`, { [field]: { code, message } });

export const newPixelSecret = () => `pxs_${newOpaqueToken(24).token}`;

export const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && /^https?:\/\//i.test(v);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL');

export const id = z.number().int().positive();
export const money = z.number().min(0).max(1_000_000_000);

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
  payout: money,
  payout_type: z.enum(PAYOUT_TYPES),
  daily_cap: z.number().int().positive().nullable(),
  monthly_cap: z.number().int().positive().nullable(),
  cap_scope: z.enum(['global', 'publisher']),
  fallback_url: httpUrl.nullable(),
  lookback_days: z.number().int().min(1).max(3650),
  /** Who sees the offer; `is_public` is the older way to say `public` (true) or `private` (false). */
  visibility: z.enum(OFFER_VISIBILITIES),
  is_public: z.boolean(),
  /** How the advertiser reports conversions; pixels are accepted only when this allows them. */
  conversion_method: z.enum(CONVERSION_METHODS),
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
    /** The base conversion event created with the offer, carrying its payout. */
    base_event_name: z.string().trim().min(1).max(128).default('Conversion'),
    /** What the advertiser pays for the base event (docs/tracking.md, Revenue). */
    revenue: money.default(0),
    revenue_type: z.enum(PAYOUT_TYPES).default('cpa'),
  })
  .refine((o) => o.payout_type !== 'revshare' || o.payout <= 100, {
    message: 'a revenue share payout is a percentage (0-100)',
    path: ['payout'],
  })
  .refine((o) => o.revenue_type !== 'revshare' || o.revenue <= 100, {
    message: 'a revenue share is a percentage (0-100)',
    path: ['revenue'],
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

export const creativeSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(256),
  type: z.enum(CREATIVE_TYPES),
  url: httpUrl,
});
export type NewCreative = z.input<typeof creativeSchema>;
export const creativePatchSchema = creativeSchema.omit({ offer_id: true }).partial();
export type CreativePatch = z.input<typeof creativePatchSchema>;

export const eventSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(128),
  event_type: z.enum(EVENT_TYPES).default('conversion'),
  payout: money.default(0),
  payout_type: z.enum(PAYOUT_TYPES).default('cpa'),
  revenue: money.default(0),
  revenue_type: z.enum(PAYOUT_TYPES).default('cpa'),
  is_base: z.boolean().default(false),
});
export type NewEvent = z.input<typeof eventSchema>;
export const eventPatchSchema = z
  .strictObject({
    name: eventSchema.shape.name,
    event_type: z.enum(EVENT_TYPES),
    payout: money,
    payout_type: z.enum(PAYOUT_TYPES),
    revenue: money,
    revenue_type: z.enum(PAYOUT_TYPES),
    is_base: z.literal(true),
  })
  .partial();
export type EventPatch = z.input<typeof eventPatchSchema>;

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    const fields: Record<string, FieldError> = {};
    for (const i of r.error.issues) {
      const field = i.path.join('.') || 'input';
      const missing = i.code === 'invalid_type' && i.input === undefined;
      const code = missing
        ? ERROR_CODES.MISSING
        : i.code === 'too_small'
          ? ERROR_CODES.TOO_SHORT_OR_INVALID
          : ERROR_CODES.BAD_FORMAT;
      fields[field] ??= { code, message: i.message };
    }
    throw new NetworkInputError(
      r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '),
      fields,
    );
  }
  return r.data;
}

/** The visibility an input asks for, and `is_public` to match (the table holds them equal). */
export function visibilityOf(v: { visibility?: OfferVisibility; is_public?: boolean }) {
  const visibility = v.visibility ?? (v.is_public === undefined ? undefined : v.is_public ? 'public' : 'private');
  return visibility === undefined ? {} : { visibility, is_public: visibility === 'public' };
}
type OfferVisibility = (typeof OFFER_VISIBILITIES)[number];

export const checkRevshare = (
  payoutType: string,
  payout: number,
  field: 'payout' | 'revenue' = 'payout',
  fieldName: string = field,
) => {
  if (payoutType === 'revshare' && payout > 100)
    throw inputError(
      fieldName,
      field === 'payout' ? 'a revenue share payout is a percentage (0-100)' : 'a revenue share is a percentage (0-100)',
    );
};

/** Runs `fn` in a transaction, or in the caller's. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute((trx) => fn(trx));

export const updated = (r: { numUpdatedRows: bigint } | { numDeletedRows: bigint }, what: string) => {
  const n = 'numUpdatedRows' in r ? r.numUpdatedRows : r.numDeletedRows;
  if (Number(n) === 0) throw new NetworkInputError(`no ${what}`);
};

export async function offerOrFail(db: Db, offerId: number) {
  const offer = await repo.findOffer(db, offerId);
  if (!offer) throw new NetworkInputError(`no offer ${offerId}`);
  return offer;
}
