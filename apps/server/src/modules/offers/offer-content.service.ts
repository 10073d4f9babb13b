import {
  creativePatchSchema,
  creativeInputSchema,
  eventPatchSchema,
  eventSchema,
  landingPagePatchSchema,
  landingPageSchema,
  type CreativePatch,
  type EventPatch,
  type LandingPagePatch,
  type NewCreative,
  type NewEvent,
  type NewLandingPage,
} from '@portal/shared/admin/offer-catalogue.schemas';
import type { Db } from '../../db/database.ts';
import { inTransaction, NetworkInputError, parse, updated } from '../../lib/network-input.ts';
import { checkRevshare, offerOrFail } from './offer-catalogue.service.ts';
import { offerCatalogueRepository as repo } from './offer-catalogue.repository.ts';

/** An offer's landing pages, creatives and events (one default landing page, one base event). */
export const offerContent = {
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

  async updateLandingPage(db: Db, landingPageId: number, patch: LandingPagePatch): Promise<void> {
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
    const v = parse(creativeInputSchema, input);
    await offerOrFail(db, v.offer_id);
    return (await repo.insertCreative(db, v)).id;
  },

  async updateCreative(db: Db, creativeId: number, patch: CreativePatch): Promise<void> {
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
    checkRevshare(v.revenue_type, v.revenue, 'revenue');
    return inTransaction(db, async (trx) => {
      await offerOrFail(trx, v.offer_id);
      if (v.is_base) await repo.clearBaseEvent(trx, v.offer_id);
      const row = await repo.insertEvent(trx, v);
      if (v.is_base) await repo.updateOffer(trx, v.offer_id, { payout: v.payout, payout_type: v.payout_type });
      return row.id;
    });
  },

  /** Changes an event; the base event's payout stays mirrored on the offer. */
  async updateEvent(db: Db, eventId: number, patch: EventPatch): Promise<void> {
    const v = parse(eventPatchSchema, patch);
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    await inTransaction(db, async (trx) => {
      const event = await repo.findEvent(trx, eventId);
      if (!event) throw new NetworkInputError(`no event ${eventId}`);
      const payout = v.payout ?? Number(event.payout);
      const payoutType = v.payout_type ?? event.payout_type;
      checkRevshare(payoutType, payout);
      checkRevshare(v.revenue_type ?? event.revenue_type, v.revenue ?? Number(event.revenue), 'revenue');
      if (v.is_base) await repo.clearBaseEvent(trx, event.offer_id);
      await repo.updateEvent(trx, eventId, v);
      if (v.is_base || event.is_base) await repo.updateOffer(trx, event.offer_id, { payout, payout_type: payoutType });
    });
  },
};
