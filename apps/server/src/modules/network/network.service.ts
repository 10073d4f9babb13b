import { z } from 'zod';
import {
  CONVERSION_METHODS,
  CREATIVE_TYPES,
  EVENT_TYPES,
  OFFER_STATUSES,
  PAYOUT_TYPES,
  calendarDaySchema,
} from '@portal/shared';
import type { Db } from '../../db/database.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { networkRepository as repo } from './network.repository.ts';

/**
 * Running the network: advertisers, offers, landing pages, creatives, events and which publishers
 * may run private offers. The operator CLI, the demo seed and the test factories all go through
 * here, so the rules (one default landing page, one base event mirrored on the offer's payout,
 * only a hash of the advertiser token stored) hold however the data is made.
 */

/** A bad operator input: the message names the field and is printed as is by the CLI. */
export class NetworkInputError extends Error {}

export const newPixelSecret = () => `pxs_${newOpaqueToken(24).token}`;

const httpUrl = z
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

const id = z.number().int().positive();
const money = z.number().min(0).max(1_000_000_000);

const offerFields = {
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
  is_public: z.boolean(),
  /** How the advertiser reports conversions; pixels are accepted only when this allows them. */
  conversion_method: z.enum(CONVERSION_METHODS),
};

const newOfferSchema = z
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
    is_public: offerFields.is_public.default(true),
    conversion_method: offerFields.conversion_method.default('postback'),
    /** The base conversion event created with the offer, carrying its payout. */
    base_event_name: z.string().trim().min(1).max(128).default('Conversion'),
  })
  .refine((o) => o.payout_type !== 'revshare' || o.payout <= 100, {
    message: 'a revenue share payout is a percentage (0-100)',
    path: ['payout'],
  });
export type NewOffer = z.input<typeof newOfferSchema>;

const offerPatchSchema = z.strictObject(offerFields).partial();
export type OfferPatch = z.input<typeof offerPatchSchema>;

const landingPageSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(256),
  /** May carry macros such as {tid} in its query string (docs/tracking.md). */
  url: httpUrl,
  is_default: z.boolean().default(false),
});
export type NewLandingPage = z.input<typeof landingPageSchema>;
const landingPagePatchSchema = landingPageSchema.omit({ offer_id: true }).partial();

const creativeSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(256),
  type: z.enum(CREATIVE_TYPES),
  url: httpUrl,
});
export type NewCreative = z.input<typeof creativeSchema>;
const creativePatchSchema = creativeSchema.omit({ offer_id: true }).partial();

const eventSchema = z.strictObject({
  offer_id: id,
  name: z.string().trim().min(1).max(128),
  event_type: z.enum(EVENT_TYPES).default('conversion'),
  payout: money.default(0),
  payout_type: z.enum(PAYOUT_TYPES).default('cpa'),
  is_base: z.boolean().default(false),
});
export type NewEvent = z.input<typeof eventSchema>;
const eventPatchSchema = z
  .strictObject({
    name: eventSchema.shape.name,
    event_type: z.enum(EVENT_TYPES),
    payout: money,
    payout_type: z.enum(PAYOUT_TYPES),
    is_base: z.literal(true),
  })
  .partial();

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    throw new NetworkInputError(r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  }
  return r.data;
}

const checkRevshare = (payoutType: string, payout: number) => {
  if (payoutType === 'revshare' && payout > 100)
    throw new NetworkInputError('payout: a revenue share payout is a percentage (0-100)');
};

/** Runs `fn` in a transaction, or in the caller's. */
const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute((trx) => fn(trx));

export const updated = (r: { numUpdatedRows: bigint } | { numDeletedRows: bigint }, what: string) => {
  const n = 'numUpdatedRows' in r ? r.numUpdatedRows : r.numDeletedRows;
  if (Number(n) === 0) throw new NetworkInputError(`no ${what}`);
};

async function offerOrFail(db: Db, offerId: number) {
  const offer = await repo.findOffer(db, offerId);
  if (!offer) throw new NetworkInputError(`no offer ${offerId}`);
  return offer;
}

export const networkService = {
  /* -------------------------------------------------------------- advertisers */

  /**
   * Creates an advertiser and answers its conversion API token, which is shown once (only its
   * SHA-256 is stored), and its pixel signing secret. `token` and `pixelSecret` let the demo seed
   * use fixed ones.
   */
  async createAdvertiser(
    db: Db,
    input: { name: string; status?: 'active' | 'inactive'; token?: string; pixelSecret?: string },
  ): Promise<{ id: number; token: string; pixelSecret: string }> {
    const { name, status } = parse(
      z.strictObject({
        name: z.string().trim().min(1).max(256),
        status: z.enum(['active', 'inactive']).default('active'),
      }),
      {
        name: input.name,
        status: input.status,
      },
    );
    const token = input.token ?? `adv_${newOpaqueToken(24).token}`;
    const pixelSecret = input.pixelSecret ?? newPixelSecret();
    const row = await repo.insertAdvertiser(db, {
      name,
      status,
      api_token_hash: sha256(token),
      pixel_secret: pixelSecret,
    });
    return { id: row.id, token, pixelSecret };
  },

  async updateAdvertiser(
    db: Db,
    advertiserId: number,
    patch: { name?: string; status?: 'active' | 'inactive' },
  ): Promise<void> {
    const v = parse(
      z.strictObject({ name: z.string().trim().min(1).max(256), status: z.enum(['active', 'inactive']) }).partial(),
      patch,
    );
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    updated(await repo.updateAdvertiser(db, advertiserId, v), `advertiser ${advertiserId}`);
  },

  /** Replaces the advertiser's token; the old one stops working at once. */
  async rotateAdvertiserToken(db: Db, advertiserId: number): Promise<string> {
    const token = `adv_${newOpaqueToken(24).token}`;
    updated(
      await repo.updateAdvertiser(db, advertiserId, { api_token_hash: sha256(token) }),
      `advertiser ${advertiserId}`,
    );
    return token;
  },

  /** Replaces the advertiser's pixel signing secret; pixels signed with the old one lose their amount at once. */
  async rotatePixelSecret(db: Db, advertiserId: number): Promise<string> {
    const secret = newPixelSecret();
    updated(await repo.updateAdvertiser(db, advertiserId, { pixel_secret: secret }), `advertiser ${advertiserId}`);
    return secret;
  },

  /** The advertiser's pixel signing secret (the operator hands it to the advertiser). */
  async pixelSecretOf(db: Db, advertiserId: number): Promise<string> {
    const a = await repo.findAdvertiserSecret(db, advertiserId);
    if (!a) throw new NetworkInputError(`no advertiser ${advertiserId}`);
    if (a.pixel_secret) return a.pixel_secret;
    return this.rotatePixelSecret(db, advertiserId);
  },

  listAdvertisers: (db: Db) => repo.listAdvertisers(db),

  findAdvertiserByName: (db: Db, name: string) => repo.findAdvertiserByName(db, name),

  /* -------------------------------------------------------------- offers */

  /** Creates an offer with its base conversion event (which carries the offer's payout). */
  async createOffer(db: Db, input: NewOffer): Promise<number> {
    const { base_event_name, ...offer } = parse(newOfferSchema, input);
    if (!(await repo.findAdvertiser(db, offer.advertiser_id)))
      throw new NetworkInputError(`no advertiser ${offer.advertiser_id}`);
    return inTransaction(db, async (trx) => {
      const { id: offerId } = await repo.insertOffer(trx, offer);
      await repo.insertEvent(trx, {
        offer_id: offerId,
        name: base_event_name,
        event_type: 'conversion',
        payout: offer.payout,
        payout_type: offer.payout_type,
        is_base: true,
      });
      return offerId;
    });
  },

  /** Changes an offer; a payout change is carried to its base event, which the offer mirrors. */
  async updateOffer(db: Db, offerId: number, patch: OfferPatch): Promise<void> {
    const v = parse(offerPatchSchema, patch);
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    await inTransaction(db, async (trx) => {
      const offer = await offerOrFail(trx, offerId);
      if (v.advertiser_id !== undefined && !(await repo.findAdvertiser(trx, v.advertiser_id))) {
        throw new NetworkInputError(`no advertiser ${v.advertiser_id}`);
      }
      const payout = v.payout ?? Number(offer.payout);
      const payoutType = v.payout_type ?? offer.payout_type;
      checkRevshare(payoutType, payout);
      await repo.updateOffer(trx, offerId, v);
      if (v.payout !== undefined || v.payout_type !== undefined) {
        const base = (await repo.eventsOf(trx, offerId)).find((e) => e.is_base);
        if (base) await repo.updateEvent(trx, base.id, { payout, payout_type: payoutType });
      }
    });
  },

  findOffer: (db: Db, offerId: number) => repo.findOffer(db, offerId),
  findOfferByName: (db: Db, advertiserId: number, name: string) => repo.findOfferByName(db, advertiserId, name),
  listOffers: (db: Db, advertiserId?: number) => repo.listOffers(db, advertiserId),

  /** Everything about one offer, for the operator. */
  async describeOffer(db: Db, offerId: number) {
    const offer = await offerOrFail(db, offerId);
    return {
      offer,
      events: await repo.eventsOf(db, offerId),
      landingPages: await repo.landingPagesOf(db, offerId),
      creatives: await repo.creativesOf(db, offerId),
      grants: await repo.grantsOf(db, offerId),
    };
  },

  /* -------------------------------------------------------------- landing pages */

  /** Adds a landing page; the first one of an offer, or one marked default, becomes the only default. */
  async addLandingPage(db: Db, input: NewLandingPage): Promise<number> {
    const v = parse(landingPageSchema, input);
    return inTransaction(db, async (trx) => {
      await offerOrFail(trx, v.offer_id);
      const isDefault = v.is_default || (await repo.landingPagesOf(trx, v.offer_id)).length === 0;
      if (isDefault) await repo.clearDefaultLandingPage(trx, v.offer_id);
      const row = await repo.insertLandingPage(trx, { ...v, is_default: isDefault });
      return row.id;
    });
  },

  async updateLandingPage(db: Db, landingPageId: number, patch: z.input<typeof landingPagePatchSchema>): Promise<void> {
    const v = parse(landingPagePatchSchema, patch);
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    await inTransaction(db, async (trx) => {
      const page = await repo.findLandingPage(trx, landingPageId);
      if (!page) throw new NetworkInputError(`no landing page ${landingPageId}`);
      if (v.is_default === false && page.is_default)
        throw new NetworkInputError('is_default: make another landing page the default instead');
      if (v.is_default === true) await repo.clearDefaultLandingPage(trx, page.offer_id);
      await repo.updateLandingPage(trx, landingPageId, v);
    });
  },

  /** Removes a landing page; when it was the default, the oldest remaining one takes over. */
  async removeLandingPage(db: Db, landingPageId: number): Promise<void> {
    await inTransaction(db, async (trx) => {
      const page = await repo.findLandingPage(trx, landingPageId);
      if (!page) throw new NetworkInputError(`no landing page ${landingPageId}`);
      await repo.deleteLandingPage(trx, landingPageId);
      if (page.is_default) {
        const next = (await repo.landingPagesOf(trx, page.offer_id))[0];
        if (next) await repo.updateLandingPage(trx, next.id, { is_default: true });
      }
    });
  },

  /* -------------------------------------------------------------- creatives */

  async addCreative(db: Db, input: NewCreative): Promise<number> {
    const v = parse(creativeSchema, input);
    await offerOrFail(db, v.offer_id);
    return (await repo.insertCreative(db, v)).id;
  },

  async updateCreative(db: Db, creativeId: number, patch: z.input<typeof creativePatchSchema>): Promise<void> {
    const v = parse(creativePatchSchema, patch);
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    updated(await repo.updateCreative(db, creativeId, v), `creative ${creativeId}`);
  },

  async removeCreative(db: Db, creativeId: number): Promise<void> {
    updated(await repo.deleteCreative(db, creativeId), `creative ${creativeId}`);
  },

  /* -------------------------------------------------------------- events */

  /** Adds an event; marked base, it replaces the offer's base event and its payout becomes the offer's. */
  async addEvent(db: Db, input: NewEvent): Promise<number> {
    const v = parse(eventSchema, input);
    checkRevshare(v.payout_type, v.payout);
    return inTransaction(db, async (trx) => {
      await offerOrFail(trx, v.offer_id);
      if (v.is_base) await repo.clearBaseEvent(trx, v.offer_id);
      const row = await repo.insertEvent(trx, v);
      if (v.is_base) await repo.updateOffer(trx, v.offer_id, { payout: v.payout, payout_type: v.payout_type });
      return row.id;
    });
  },

  /** Changes an event; the base event's payout stays mirrored on the offer. */
  async updateEvent(db: Db, eventId: number, patch: z.input<typeof eventPatchSchema>): Promise<void> {
    const v = parse(eventPatchSchema, patch);
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    await inTransaction(db, async (trx) => {
      const event = await repo.findEvent(trx, eventId);
      if (!event) throw new NetworkInputError(`no event ${eventId}`);
      const payout = v.payout ?? Number(event.payout);
      const payoutType = v.payout_type ?? event.payout_type;
      checkRevshare(payoutType, payout);
      if (v.is_base) await repo.clearBaseEvent(trx, event.offer_id);
      await repo.updateEvent(trx, eventId, v);
      if (v.is_base || event.is_base) await repo.updateOffer(trx, event.offer_id, { payout, payout_type: payoutType });
    });
  },

  /* -------------------------------------------------------------- access */

  /** Lets a publisher run a private offer (public offers need no grant). */
  async grant(db: Db, publisherId: number, offerId: number): Promise<void> {
    await offerOrFail(db, offerId);
    if (!(await repo.publisherExists(db, publisherId))) throw new NetworkInputError(`no publisher ${publisherId}`);
    await repo.grant(db, publisherId, offerId);
  },

  /** Takes the grant back; the offer then answers 404 to that publisher unless it is public. */
  async revoke(db: Db, publisherId: number, offerId: number): Promise<boolean> {
    const r = await repo.revoke(db, publisherId, offerId);
    return Number(r.numDeletedRows) > 0;
  },
};
