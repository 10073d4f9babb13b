import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';

/**
 * The publisher's side of offer access: asking to run an approval-required offer, which the
 * console approves (offer-access.service.ts).
 */
export const offerAccessRequests = {
  /**
   * A publisher asks to run an approval-required offer (once; asking again while it waits changes
   * nothing). Answers whether the offer now waits for approval.
   */
  async request(ctx: AppContext, publisherId: number, offerId: number): Promise<{ status: 'pending' | 'granted' }> {
    const offer = await offerCatalogue.findOffer(ctx.db, offerId);
    if (!offer || offer.visibility === 'private') throw notFound('Offer not found.');
    if (offer.visibility === 'public' || (await repo.grantExists(ctx.db, offerId, publisherId)))
      return { status: 'granted' };
    const open = await repo.findRequestOf(ctx.db, offerId, publisherId);
    if (open?.status !== 'pending') await repo.renewRequest(ctx.db, offerId, publisherId);
    return { status: 'pending' };
  },

  /** Whether the publisher has asked for the offer and waits. */
  requested: async (ctx: AppContext, publisherId: number, offerId: number) =>
    (await repo.findRequestOf(ctx.db, offerId, publisherId))?.status === 'pending',
};
