import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { networkRepository as repo } from './network.repository.ts';
import {
  checkRevshare,
  inputError,
  inTransaction,
  NetworkInputError,
  newOfferSchema,
  newPixelSecret,
  offerOrFail,
  offerPatchSchema,
  parse,
  updated,
  visibilityOf,
  type NewOffer,
  type OfferPatch,
} from './network.schemas.ts';
import { networkOfferContent } from './network-offer-content.service.ts';

export { NetworkInputError };
export type {
  CreativePatch,
  EventPatch,
  LandingPagePatch,
  NewCreative,
  NewEvent,
  NewLandingPage,
  NewOffer,
  OfferPatch,
} from './network.schemas.ts';

/**
 * Running the network: advertisers, offers, landing pages, creatives, events and which publishers
 * may run private offers. The operator CLI, the demo seed and the test factories all go through
 * here, so the rules (one default landing page, one base event mirrored on the offer's payout,
 * only a hash of the advertiser token stored) hold however the data is made.
 */
const advertisers = {
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
    return advertisers.rotatePixelSecret(db, advertiserId);
  },

  listAdvertisers: (db: Db) => repo.listAdvertisers(db),

  findAdvertiserByName: (db: Db, name: string) => repo.findAdvertiserByName(db, name),
};

const offers = {
  /** Creates an offer with its base conversion event (which carries the offer's payout). */
  async createOffer(db: Db, input: NewOffer): Promise<number> {
    const { base_event_name, revenue, revenue_type, visibility, is_public, ...offer } = parse(newOfferSchema, input);
    if (!(await repo.findAdvertiser(db, offer.advertiser_id)))
      throw inputError('advertiser_id', `no advertiser ${offer.advertiser_id}`);
    return inTransaction(db, async (trx) => {
      const access = visibilityOf({ visibility, is_public });
      const { id: offerId } = await repo.insertOffer(trx, { ...offer, ...access });
      await repo.insertEvent(trx, {
        offer_id: offerId,
        name: base_event_name,
        event_type: 'conversion',
        payout: offer.payout,
        payout_type: offer.payout_type,
        revenue,
        revenue_type,
        is_base: true,
      });
      return offerId;
    });
  },

  /** Changes an offer; a payout change is carried to its base event, which the offer mirrors. */
  async updateOffer(db: Db, offerId: number, patch: OfferPatch): Promise<void> {
    const { visibility, is_public, ...v } = parse(offerPatchSchema, patch);
    const access = visibilityOf({ visibility, is_public });
    if (Object.keys(v).length === 0 && !access.visibility) throw new NetworkInputError('nothing to change');
    await inTransaction(db, async (trx) => {
      const offer = await offerOrFail(trx, offerId);
      if (v.advertiser_id !== undefined && !(await repo.findAdvertiser(trx, v.advertiser_id))) {
        throw inputError('advertiser_id', `no advertiser ${v.advertiser_id}`);
      }
      const payout = v.payout ?? Number(offer.payout);
      const payoutType = v.payout_type ?? offer.payout_type;
      checkRevshare(payoutType, payout);
      await repo.updateOffer(trx, offerId, { ...v, ...access });
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
};

const access = {
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

/**
 * What the tracking engine reads of the network (its per-process cache and the hourly upkeep):
 * advertisers with their token hash and pixel secret, an offer with its landing pages, events and
 * grants, and offers past their expiry date.
 */
const forTracking = {
  advertisersForTracking: (db: Db) => repo.advertisersForTracking(db),
  advertiserByTokenHash: (db: Db, hash: string) => repo.advertiserForTracking(db, { hash }),
  advertiserForTracking: (db: Db, id: number) => repo.advertiserForTracking(db, { id }),

  /** An offer with what a click and a conversion need of it (null if it does not exist). */
  async offerForTracking(db: Db, offerId: number) {
    const offer = await repo.findOffer(db, offerId);
    if (!offer) return null;
    const [landingPages, events, allowed] = await Promise.all([
      repo.landingPagesOf(db, offerId),
      repo.eventsOf(db, offerId),
      offer.is_public ? Promise.resolve([]) : repo.grantedPublisherIds(db, offerId),
    ]);
    return { offer, landingPages, events, allowed };
  },

  grantedPublisherIds: (db: Db, offerId: number) => repo.grantedPublisherIds(db, offerId),

  /**
   * Offers past their expiry date (`today`, a UTC day) become 'expired'; answers the expired ones
   * whose date is `sinceDay` or later (or that have none): those whose publishers are told.
   */
  async expireOffers(db: Db, today: string, sinceDay: string) {
    await repo.expireOffers(db, today);
    return repo.expiredOffersSince(db, sinceDay);
  },
};

export const networkService = { ...advertisers, ...offers, ...networkOfferContent, ...access, ...forTracking };
