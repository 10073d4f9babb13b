import type { OFFER_VISIBILITIES } from '@portal/shared';
import {
  newOfferSchema,
  offerPatchSchema,
  type NewOffer,
  type OfferPatch,
} from '@portal/shared/admin/offer-catalogue.schemas';
import type { Db } from '../../db/database.ts';
import { inputError, inTransaction, NetworkInputError, parse } from '../../lib/network-input.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { advertiserRecords } from '../advertisers/advertisers.service.ts';
import { offerCatalogueRepository as repo } from './offer-catalogue.repository.ts';

/**
 * The network's offers as the operator CLI, the demo seed, the console's writes and the test
 * factories make them: offers with their base event, who may run private ones, and what the
 * tracking engine reads. The rules (one base event mirrored on the offer's payout, a revenue share
 * at most 100 %) hold however an offer is made; landing pages, creatives and events are
 * offer-content.service.ts, and both are one object with the advertisers in network-catalogue.service.ts.
 */

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

export async function offerOrFail(db: Db, offerId: number) {
  const offer = await repo.findOffer(db, offerId);
  if (!offer) throw new NetworkInputError(`no offer ${offerId}`);
  return offer;
}

const offers = {
  /** Creates an offer with its base conversion event (which carries the offer's payout). */
  async createOffer(db: Db, input: NewOffer): Promise<number> {
    const { base_event_name, revenue, revenue_type, visibility, is_public, ...fields } = parse(newOfferSchema, input);
    const offer = { ...fields, description: sanitizeHtml(fields.description) };
    if (!(await advertiserRecords.findAdvertiser(db, offer.advertiser_id)))
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
    const { visibility, is_public, ...parsed } = parse(offerPatchSchema, patch);
    const v = parsed.description === undefined ? parsed : { ...parsed, description: sanitizeHtml(parsed.description) };
    const access = visibilityOf({ visibility, is_public });
    if (Object.keys(v).length === 0 && !access.visibility) throw new NetworkInputError('nothing to change');
    await inTransaction(db, async (trx) => {
      const offer = await offerOrFail(trx, offerId);
      if (v.advertiser_id !== undefined && !(await advertiserRecords.findAdvertiser(trx, v.advertiser_id))) {
        throw inputError('advertiser_id', `no advertiser ${v.advertiser_id}`);
      }
      const payout = v.payout ?? Number(offer.payout);
      const payoutType = v.payout_type ?? offer.payout_type;
      checkRevshare(payoutType, payout);
      // A hold has its days and no other mode has any (the table holds them together).
      const approval = v.conversion_approval ?? offer.conversion_approval;
      const holdDays = approval === 'hold' ? (v.hold_days ?? offer.hold_days) : null;
      if (approval === 'hold' && holdDays === null) throw inputError('hold_days', 'a hold needs hold_days (1-90)');
      const hold = v.conversion_approval !== undefined || v.hold_days !== undefined ? { hold_days: holdDays } : {};
      await repo.updateOffer(trx, offerId, { ...v, ...hold, ...access });
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
 * What the tracking engine reads of the offers (its per-process cache and the hourly upkeep): an
 * offer with its landing pages, events and grants, and offers past their expiry date. Advertisers'
 * tokens and pixel secrets are modules/advertisers' (`advertiserRecords`).
 */
const forTracking = {
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

export const offerCatalogue = { ...offers, ...access, ...forTracking };
