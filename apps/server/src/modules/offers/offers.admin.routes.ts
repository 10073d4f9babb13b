import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  adminCreativeAddRequestSchema,
  adminCreativeParamsSchema,
  adminCreativeRemoveResponseSchema,
  adminCreativeResponseSchema,
  adminOfferAdvertisersResponseSchema,
  adminOfferListRequestSchema,
  adminOfferListResponseSchema,
  adminOfferResponseSchema,
  adminOfferSaveRequestSchema,
  offerAccessChangeRequestSchema,
  offerAccessChangeResponseSchema,
  offerAccessDeclineRequestSchema,
  offerAccessRequestListRequestSchema,
  offerAccessRequestListResponseSchema,
  offerAccessRequestParamsSchema,
  offerGrantListRequestSchema,
  offerGrantListResponseSchema,
  offerIdParamsSchema,
} from '@portal/shared/admin/offers.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/operator-identity.ts';
import { offerAccessService } from './offer-access.service.ts';
import { offerCreativesService } from './offer-creatives.service.ts';
import { offersAdminService } from './offers-admin.service.ts';

const SAVE_ERRORS =
  'Field errors: name 0x4001; advertiser_id 0x4013 (none) or 0x4010 (unknown); preview_url and ' +
  '`landing_pages.N.url` 0x4010 (not an absolute http(s) URL) or 0x4001; geos 0x4010; tags 0x4010 (a tag over 64 ' +
  'characters, or over 50 tags); events 0x4001 (none); ' +
  '`events.N.name` 0x4001; `events.N.payout` / `events.N.revenue` 0x4010 (a revenue share over 100).';

/** The Offers area and offer access: viewers read, managers write. */
export const offersAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };
    const read = { operatorRole: 'viewer' as const };
    const write = { operatorRole: 'manager' as const };

    app.post(
      ADMIN_API_PATHS.offers,
      {
        config: { ...read, readOnly: true },
        schema: {
          ...base,
          summary: 'Every offer, filtered by status, advertiser and visibility; search by name or id',
          body: adminOfferListRequestSchema,
          response: { 200: adminOfferListResponseSchema },
        },
      },
      async (req) => offersAdminService.list(ctx, req.body),
    );

    app.get(
      ADMIN_API_PATHS.offerAdvertisers,
      {
        config: read,
        schema: {
          ...base,
          summary: 'Every advertiser, for the offer pickers',
          response: { 200: adminOfferAdvertisersResponseSchema },
        },
      },
      async () => ({ data: await offersAdminService.advertisers(ctx) }),
    );

    app.get(
      ADMIN_API_PATHS.offer,
      {
        config: read,
        schema: {
          ...base,
          summary: 'One offer with its events, landing pages and creatives',
          params: offerIdParamsSchema,
          response: { 200: adminOfferResponseSchema },
        },
      },
      async (req) => ({ data: await offersAdminService.get(ctx, req.params.id) }),
    );

    app.post(
      ADMIN_API_PATHS.offerCreate,
      {
        config: write,
        schema: {
          ...base,
          summary:
            'Create an offer with its events (the first is the base one) and landing pages (the first is the default)',
          description: SAVE_ERRORS,
          body: adminOfferSaveRequestSchema,
          response: { 200: adminOfferResponseSchema },
        },
      },
      async (req) => ({ data: await offersAdminService.save(ctx, actorOf(req), null, req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.offerUpdate,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Save an offer: its fields, caps, events and landing pages as listed',
          description:
            'An event without `id` is added (events are never removed: conversions name them); a landing page ' +
            'without `id` is added and one left out is removed. ' +
            SAVE_ERRORS,
          params: offerIdParamsSchema,
          body: adminOfferSaveRequestSchema,
          response: { 200: adminOfferResponseSchema },
        },
      },
      async (req) => ({ data: await offersAdminService.save(ctx, actorOf(req), req.params.id, req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.offerCreativeAdd,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Add a creative: an uploaded image (base64) or a URL',
          description:
            'An uploaded image is kept by the portal and served at `/media/creatives/{token}` (a random token: ' +
            'the address cannot be guessed). Field errors: name ' +
            '0x4001; url 0x4001 (no image and no URL) or 0x4010; image 0x4010 (not a PNG, JPEG, GIF or WebP ' +
            'image, or over 512 KB).',
          params: offerIdParamsSchema,
          body: adminCreativeAddRequestSchema,
          response: { 200: adminCreativeResponseSchema },
        },
      },
      async (req) => ({ data: await offerCreativesService.add(ctx, actorOf(req), req.params.id, req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.offerCreativeRemove,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Remove a creative',
          params: adminCreativeParamsSchema,
          response: { 200: adminCreativeRemoveResponseSchema },
        },
      },
      async (req) => {
        await offerCreativesService.remove(ctx, actorOf(req), req.params.id, req.params.creativeId);
        return { success: true };
      },
    );

    app.post(
      ADMIN_API_PATHS.offerGrants,
      {
        config: { ...read, readOnly: true },
        schema: {
          ...base,
          summary: 'Offer grants, by offer or by publisher, newest first',
          body: offerGrantListRequestSchema,
          response: { 200: offerGrantListResponseSchema },
        },
      },
      async (req) => offerAccessService.listGrants(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.offerAccessRequests,
      {
        config: { ...read, readOnly: true },
        schema: {
          ...base,
          summary: 'Publishers’ requests to run approval-required offers, newest first',
          body: offerAccessRequestListRequestSchema,
          response: { 200: offerAccessRequestListResponseSchema },
        },
      },
      async (req) => offerAccessService.listRequests(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.offerGrant,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Grant an offer to a publisher (approves their pending request)',
          description: 'Field errors: offer_id, publisher_id 0x4010 (no such offer or publisher).',
          body: offerAccessChangeRequestSchema,
          response: { 200: offerAccessChangeResponseSchema },
        },
      },
      async (req) => {
        await offerAccessService.grant(ctx, actorOf(req), req.body);
        return { success: true };
      },
    );

    app.post(
      ADMIN_API_PATHS.offerRevoke,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Revoke a grant',
          body: offerAccessChangeRequestSchema,
          response: { 200: offerAccessChangeResponseSchema },
        },
      },
      async (req) => {
        await offerAccessService.revoke(ctx, actorOf(req), req.body);
        return { success: true };
      },
    );

    app.post(
      ADMIN_API_PATHS.offerAccessApprove,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Approve a request: the publisher is granted the offer',
          params: offerAccessRequestParamsSchema,
          response: { 200: offerAccessChangeResponseSchema },
        },
      },
      async (req) => {
        await offerAccessService.approve(ctx, actorOf(req), req.params.id);
        return { success: true };
      },
    );

    app.post(
      ADMIN_API_PATHS.offerAccessDecline,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Decline a request, with a reason the publisher sees on the offer’s page',
          description:
            'Field errors: reason 0x4001 (missing) or 0x4010 (over 1,000 characters). A request already ' +
            'approved or declined answers 422; an unknown one 404.',
          params: offerAccessRequestParamsSchema,
          body: offerAccessDeclineRequestSchema,
          response: { 200: offerAccessChangeResponseSchema },
        },
      },
      async (req) => {
        await offerAccessService.decline(ctx, actorOf(req), req.params.id, req.body);
        return { success: true };
      },
    );
  };
