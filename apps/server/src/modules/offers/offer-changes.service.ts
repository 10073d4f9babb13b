import type {
  CreativePatch,
  EventPatch,
  LandingPagePatch,
  NewEvent,
  NewLandingPage,
  NewOffer,
  OfferPatch,
} from '@portal/shared/admin/offer-catalogue.schemas';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../audit/audit.service.ts';
import { NetworkInputError } from '../../lib/network-input.ts';
import { offerCatalogueRepository } from './offer-catalogue.repository.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offerContent } from './offer-content.service.ts';
import { offerCreativesService } from './offer-creatives.service.ts';
import { offersAdminRepository } from './offers-admin.repository.ts';
import { writeOffer } from './offers-admin.service.ts';

/**
 * An offer changed one part at a time, as the CLI changes it (`offer:update`, `event:add`,
 * `landing-page:remove` …), with the audit entries the console leaves (docs/operator-console.md,
 * Offers). The offer's fields, events and landing pages are the editor's form, so each change is
 * an `offer.create` / `offer.update` with the form before → after and clears the click path's
 * cache, as the editor's save does; creatives are the console's `offer.creative_*` entries. The
 * offer catalogue's refusals (`no offer 12`, `payout: …`) reach the caller unchanged.
 */
export const offerChangesService = {
  async createOffer(ctx: AppContext, actor: Actor, input: NewOffer): Promise<number> {
    return (await writeOffer(ctx, actor, null, (trx) => offerCatalogue.createOffer(trx, input))).value;
  },

  async updateOffer(ctx: AppContext, actor: Actor, offerId: number, patch: OfferPatch): Promise<void> {
    await writeOffer(ctx, actor, offerId, (trx) => offerCatalogue.updateOffer(trx, offerId, patch));
  },

  /** Answers the new landing page's id. */
  async addLandingPage(ctx: AppContext, actor: Actor, input: NewLandingPage): Promise<number> {
    return (await writeOffer(ctx, actor, input.offer_id, (trx) => offerContent.addLandingPage(trx, input))).value;
  },

  async updateLandingPage(ctx: AppContext, actor: Actor, pageId: number, patch: LandingPagePatch): Promise<void> {
    const offerId = await offerOfLandingPage(ctx, pageId);
    await writeOffer(ctx, actor, offerId, (trx) => offerContent.updateLandingPage(trx, pageId, patch));
  },

  async removeLandingPage(ctx: AppContext, actor: Actor, pageId: number): Promise<void> {
    const offerId = await offerOfLandingPage(ctx, pageId);
    await writeOffer(ctx, actor, offerId, (trx) => offerContent.removeLandingPage(trx, pageId));
  },

  /** Answers the new event's id. */
  async addEvent(ctx: AppContext, actor: Actor, input: NewEvent): Promise<number> {
    return (await writeOffer(ctx, actor, input.offer_id, (trx) => offerContent.addEvent(trx, input))).value;
  },

  async updateEvent(ctx: AppContext, actor: Actor, eventId: number, patch: EventPatch): Promise<void> {
    const event = await offerCatalogueRepository.findEvent(ctx.db, eventId);
    if (!event) throw new NetworkInputError(`no event ${eventId}`);
    await writeOffer(ctx, actor, event.offer_id, (trx) => offerContent.updateEvent(trx, eventId, patch));
  },

  updateCreative: (ctx: AppContext, actor: Actor, creativeId: number, patch: CreativePatch) =>
    offerCreativesService.update(ctx, actor, creativeId, patch),

  /** Removes a creative named by its id alone (the console names its offer too). */
  async removeCreative(ctx: AppContext, actor: Actor, creativeId: number): Promise<void> {
    const creative = await offersAdminRepository.findCreative(ctx.db, creativeId);
    if (!creative) throw new NetworkInputError(`no creative ${creativeId}`);
    await offerCreativesService.remove(ctx, actor, creative.offer_id, creativeId);
  },
};

async function offerOfLandingPage(ctx: AppContext, pageId: number): Promise<number> {
  const page = await offerCatalogueRepository.findLandingPage(ctx.db, pageId);
  if (!page) throw new NetworkInputError(`no landing page ${pageId}`);
  return page.offer_id;
}
