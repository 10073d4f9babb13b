import { sql } from 'kysely';
import { ERROR_CODES, type ListResponse } from '@portal/shared';
import {
  OFFER_ACCESS_DECLINE_REASON_MAX,
  type OfferAccessChangeRequest,
  type OfferAccessDeclineRequest,
  type OfferAccessRequest,
  type OfferGrant,
} from '@portal/shared/admin/offers.schemas';
import type { z } from 'zod';
import type {
  offerAccessRequestListRequestSchema,
  offerGrantListRequestSchema,
} from '@portal/shared/admin/offers.schemas';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage } from '../../lib/keyset.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';
import { asFieldErrors, forgetTracking } from './offers-admin.service.ts';

type GrantQuery = z.output<typeof offerGrantListRequestSchema>;
type RequestQuery = z.output<typeof offerAccessRequestListRequestSchema>;

/**
 * Which publishers may run a non-public offer (grants), and publishers' requests for an
 * approval-required one; a request is approved by granting the offer. Filtered by offer or by
 * publisher, so the offer's page and the publisher's page show the same panel.
 */
export const offerAccessService = {
  async listGrants(ctx: AppContext, q: GrantQuery): Promise<ListResponse<OfferGrant>> {
    const k = keyset({
      sort: q.sort,
      order: q.order,
      key: { expr: sql`publisher_offers.id`, type: 'int' },
      id: sql`publisher_offers.id`,
      cursor: q.cursor,
    });
    const rows = await repo.listGrants(
      ctx.db,
      k,
      { offerId: q.filters.offer_id ?? null, publisherId: q.filters.publisher_id ?? null },
      q.limit,
    );
    return keysetPage(
      k,
      rows,
      q.limit,
      (r) => r.id,
      (r) => ({
        offer_id: r.offer_id,
        offer_name: r.offer_name,
        publisher_id: r.publisher_id,
        publisher_name: r.publisher_name,
        granted_at: new Date(r.created_at).toISOString(),
      }),
    );
  },

  async listRequests(ctx: AppContext, q: RequestQuery): Promise<ListResponse<OfferAccessRequest>> {
    const k = keyset({
      sort: q.sort,
      order: q.order,
      key: { expr: sql`r.id`, type: 'int' },
      id: sql`r.id`,
      cursor: q.cursor,
    });
    const f = q.filters;
    const rows = await repo.listRequests(
      ctx.db,
      k,
      { offerId: f.offer_id ?? null, publisherId: f.publisher_id ?? null, status: f.status ?? null },
      q.limit,
    );
    return keysetPage(
      k,
      rows,
      q.limit,
      (r) => r.id,
      (r) => ({
        id: r.id,
        offer_id: r.offer_id,
        offer_name: r.offer_name,
        publisher_id: r.publisher_id,
        publisher_name: r.publisher_name,
        status: r.status,
        requested_at: new Date(r.created_at).toISOString(),
        decline_reason: r.decline_reason,
      }),
    );
  },

  /** Lets the publisher run the offer (a pending request of theirs is approved with it). */
  async grant(ctx: AppContext, actor: Actor, v: OfferAccessChangeRequest): Promise<void> {
    await checkPair(ctx, v);
    await asFieldErrors(() =>
      auditService.write(ctx, actor, async (trx, audit) => {
        const had = await repo.grantExists(trx, v.offer_id, v.publisher_id);
        await offerCatalogue.grant(trx, v.publisher_id, v.offer_id);
        const request = await repo.findRequestOf(trx, v.offer_id, v.publisher_id);
        if (request?.status === 'pending') await repo.approveRequest(trx, request.id);
        await audit({
          action: 'offer.grant',
          objectType: 'offer',
          objectId: v.offer_id,
          before: { publisher_id: v.publisher_id, granted: had },
          after: { publisher_id: v.publisher_id, granted: true },
        });
      }),
    );
    forgetTracking(ctx);
  },

  /**
   * Takes the grant back: the publisher's clicks on a non-public offer go to the fallback again.
   * Answers whether there was a grant to take back.
   */
  async revoke(ctx: AppContext, actor: Actor, v: OfferAccessChangeRequest): Promise<boolean> {
    await checkPair(ctx, v);
    const had = await auditService.write(ctx, actor, async (trx, audit) => {
      const had = await offerCatalogue.revoke(trx, v.publisher_id, v.offer_id);
      await audit({
        action: 'offer.revoke',
        objectType: 'offer',
        objectId: v.offer_id,
        before: { publisher_id: v.publisher_id, granted: had },
        after: { publisher_id: v.publisher_id, granted: false },
      });
      return had;
    });
    forgetTracking(ctx);
    return had;
  },

  /** Approves a publisher's request: grants the offer. */
  async approve(ctx: AppContext, actor: Actor, requestId: number): Promise<void> {
    const request = await repo.findRequest(ctx.db, requestId);
    if (!request) throw notFound('Request not found.');
    if (request.status !== 'pending')
      throw new AppError(422, ERROR_CODES.VALIDATION, 'This request is already approved.');
    await auditService.write(ctx, actor, async (trx, audit) => {
      await offerCatalogue.grant(trx, request.publisher_id, request.offer_id);
      await repo.approveRequest(trx, request.id);
      await audit({
        action: 'offer.access_approve',
        objectType: 'offer',
        objectId: request.offer_id,
        before: { publisher_id: request.publisher_id, request_id: request.id, status: 'pending' },
        after: { publisher_id: request.publisher_id, request_id: request.id, status: 'approved', granted: true },
      });
    });
    forgetTracking(ctx);
  },

  /**
   * Declines a publisher's waiting request with a reason the publisher sees on the offer's page;
   * nothing is granted, and the publisher may ask again.
   */
  async decline(ctx: AppContext, actor: Actor, requestId: number, body: OfferAccessDeclineRequest): Promise<void> {
    const reason = body.reason?.trim() ?? '';
    if (!reason) throw fieldError('reason', ERROR_CODES.MISSING, 'Please enter a reason.');
    if (reason.length > OFFER_ACCESS_DECLINE_REASON_MAX)
      throw fieldError('reason', ERROR_CODES.BAD_FORMAT, 'The reason is at most 1,000 characters.');
    await auditService.write(ctx, actor, async (trx, audit) => {
      const request = await repo.findRequest(trx, requestId, true);
      if (!request) throw notFound('Request not found.');
      if (request.status !== 'pending')
        throw new AppError(422, ERROR_CODES.VALIDATION, `This request is already ${request.status}.`);
      await repo.declineRequest(trx, request.id, reason);
      await audit({
        action: 'offer.access_decline',
        objectType: 'offer',
        objectId: request.offer_id,
        before: { publisher_id: request.publisher_id, request_id: request.id, status: 'pending' },
        after: { publisher_id: request.publisher_id, request_id: request.id, status: 'declined' },
        reason,
      });
    });
  },
};

async function checkPair(ctx: AppContext, v: OfferAccessChangeRequest): Promise<void> {
  const errors: Record<string, { code: string; message: string }> = {};
  if (!(await offerCatalogue.findOffer(ctx.db, v.offer_id)))
    errors['offer_id'] = { code: ERROR_CODES.BAD_FORMAT, message: 'No such offer.' };
  if ((await repo.publisherName(ctx.db, v.publisher_id)) === null)
    errors['publisher_id'] = { code: ERROR_CODES.BAD_FORMAT, message: 'No such publisher.' };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}
