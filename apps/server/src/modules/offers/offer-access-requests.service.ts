import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';

/**
 * The publisher's side of offer access: asking to run an approval-required offer, which the
 * console approves or declines (offer-access.service.ts).
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

  /**
   * Where the publisher's request stands: none (or approved, then revoked), waiting, or declined
   * with the operator's reason.
   */
  async state(
    ctx: AppContext,
    publisherId: number,
    offerId: number,
  ): Promise<{ access: 'request' | 'requested' | 'declined'; reason: string | null }> {
    const r = await repo.findRequestOf(ctx.db, offerId, publisherId);
    if (r?.status === 'pending') return { access: 'requested', reason: null };
    if (r?.status === 'declined') return { access: 'declined', reason: r.decline_reason };
    return { access: 'request', reason: null };
  },
};
