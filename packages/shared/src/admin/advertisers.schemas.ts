import { z } from 'zod';
import { CONVERSION_METHODS, OFFER_STATUSES } from '../constants.ts';
import { dataEnvelope } from '../common/envelope.ts';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import { ADVERTISER_NAME_MAX, ADVERTISER_STATUSES } from './advertisers.constants.ts';

/**
 * The console's Advertisers area (docs/operator-console.md "Advertisers"): the list, one
 * advertiser with the offers it owns, create and edit, and the rotation of its two credentials
 * (each new one answered once). Missing or bad values are answered with coded field errors by the
 * server, not by the schema.
 */
export * from './advertisers.constants.ts';

export const advertiserStatusSchema = z.enum(ADVERTISER_STATUSES);

export const advertiserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: advertiserStatusSchema,
  created_at: z.string(),
  /** How many offers it owns. */
  offers: z.number().int(),
  /** When the conversion API token / pixel signing secret was last replaced; null: never since it was made. */
  token_rotated_at: z.string().nullable(),
  pixel_secret_rotated_at: z.string().nullable(),
  /** It still holds the demo network's published token / pixel secret (rotate before production). */
  published_token: z.boolean(),
  published_pixel_secret: z.boolean(),
});
export type AdvertiserRow = z.infer<typeof advertiserRowSchema>;

export const ADVERTISER_LIST_SORTS = ['name', 'created_at'] as const;
export const advertiserListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({ status: advertiserStatusSchema.nullish() })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ADVERTISER_LIST_SORTS,
  defaultSort: 'name',
});
export type AdvertiserListRequest = z.input<typeof advertiserListRequestSchema>;
export type AdvertiserListQuery = z.output<typeof advertiserListRequestSchema>;
export const advertiserListResponseSchema = listResponseSchema(advertiserRowSchema);
export type AdvertiserListResponse = z.infer<typeof advertiserListResponseSchema>;

export const advertiserOfferSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(OFFER_STATUSES),
  conversion_method: z.enum(CONVERSION_METHODS),
});
export type AdvertiserOffer = z.infer<typeof advertiserOfferSchema>;

export const advertiserDetailSchema = advertiserRowSchema.extend({ offer_list: z.array(advertiserOfferSchema) });
export type AdvertiserDetail = z.infer<typeof advertiserDetailSchema>;
export const advertiserDetailResponseSchema = dataEnvelope(advertiserDetailSchema);
export type AdvertiserDetailResponse = z.infer<typeof advertiserDetailResponseSchema>;

export const advertiserCreateRequestSchema = z.strictObject({
  name: z
    .string()
    .max(ADVERTISER_NAME_MAX * 4)
    .nullish(),
  status: z.string().max(32).nullish(),
});
export type AdvertiserCreateRequest = z.infer<typeof advertiserCreateRequestSchema>;
/** The new advertiser and its two credentials: answered this once, never again. */
export const advertiserCreateResponseSchema = dataEnvelope(
  z.object({ advertiser: advertiserRowSchema, token: z.string(), pixel_secret: z.string() }),
);
export type AdvertiserCreateResponse = z.infer<typeof advertiserCreateResponseSchema>;

export const advertiserUpdateRequestSchema = advertiserCreateRequestSchema.extend({
  reason: z.string().max(1000).nullish(),
});
export type AdvertiserUpdateRequest = z.infer<typeof advertiserUpdateRequestSchema>;
export const advertiserUpdateResponseSchema = dataEnvelope(advertiserRowSchema);
export type AdvertiserUpdateResponse = z.infer<typeof advertiserUpdateResponseSchema>;

export const advertiserRotateRequestSchema = z.strictObject({ reason: z.string().max(1000).nullish() }).nullish();
export type AdvertiserRotateRequest = z.infer<typeof advertiserRotateRequestSchema>;
/** The new conversion API token: shown once (only its hash is kept). */
export const advertiserRotateTokenResponseSchema = dataEnvelope(
  z.object({ advertiser: advertiserRowSchema, token: z.string() }),
);
export type AdvertiserRotateTokenResponse = z.infer<typeof advertiserRotateTokenResponseSchema>;
/** The new pixel signing secret: shown once in the console. */
export const advertiserRotatePixelSecretResponseSchema = dataEnvelope(
  z.object({ advertiser: advertiserRowSchema, pixel_secret: z.string() }),
);
export type AdvertiserRotatePixelSecretResponse = z.infer<typeof advertiserRotatePixelSecretResponseSchema>;

/**
 * An advertiser as the network's catalogue takes it (the server's advertiser records: the operator
 * CLI, the demo seed, and the console's writes once their own checks above passed).
 */
export const advertiserInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(ADVERTISER_NAME_MAX),
  status: advertiserStatusSchema.default('active'),
});
export type AdvertiserInput = z.input<typeof advertiserInputSchema>;
export const advertiserPatchSchema = z
  .strictObject({ name: z.string().trim().min(1).max(ADVERTISER_NAME_MAX), status: advertiserStatusSchema })
  .partial();
export type AdvertiserPatch = z.input<typeof advertiserPatchSchema>;

export const advertiserIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});
