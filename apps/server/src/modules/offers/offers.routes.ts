import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  campaignTableRequestSchema,
  campaignTableResponseSchema,
  eventListResponseSchema,
  landingPageListResponseSchema,
  offerCreativesResponseSchema,
  offerAccessRequestResponseSchema,
  offerDetailsResponseSchema,
  offerIdRequestSchema,
  offerListRequestSchema,
  offerListResponseSchema,
  offerResponseSchema,
  offerTrackingLinkResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { offersService } from './offers.service.ts';

/**
 * The publisher's offers (docs/api.md "Offers and postbacks"). Every call is scoped to the offers the
 * publisher may run; any other offer id answers 404 whether it exists or not.
 */
export const offersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The key scope authenticates: a session or an API key of any scope (plugins/publisher-api.ts).
    const base = { tags: ['offers'] };

    app.post(
      API_PATHS.campaignTable,
      {
        schema: {
          ...base,
          summary: 'My Offers: runnable offers with unique clicks, EPC and earnings over a date range',
          body: campaignTableRequestSchema,
          response: { 200: campaignTableResponseSchema },
        },
      },
      async (req) => offersService.campaignTable(ctx, publisherOf(req), req.body),
    );

    app.post(
      API_PATHS.offerList,
      {
        schema: {
          ...base,
          summary: 'Offers the publisher may run, for pickers (cursor-paginated, searchable)',
          body: offerListRequestSchema,
          response: { 200: offerListResponseSchema },
        },
      },
      async (req) => offersService.list(ctx, publisherOf(req), req.body),
    );

    app.post(
      API_PATHS.offer,
      {
        schema: { ...base, summary: 'One offer', body: offerIdRequestSchema, response: { 200: offerResponseSchema } },
      },
      async (req) => ({ data: await offersService.offer(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.post(
      API_PATHS.offerDetails,
      {
        schema: {
          ...base,
          summary: 'The Details tab of an offer',
          body: offerIdRequestSchema,
          response: { 200: offerDetailsResponseSchema },
        },
      },
      async (req) => ({ data: await offersService.details(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.post(
      API_PATHS.offerCreatives,
      {
        schema: {
          ...base,
          summary: "An offer's creatives",
          body: offerIdRequestSchema,
          response: { 200: offerCreativesResponseSchema },
        },
      },
      async (req) => ({ data: await offersService.creatives(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.post(
      API_PATHS.offerRequestAccess,
      {
        config: { apiKeyScope: 'read_write' },
        schema: {
          ...base,
          summary: 'Ask the network for access to an approval-required offer',
          description:
            'Recorded once for the operators to approve; answers `requested`, or `run` when the offer is already ' +
            'open to the publisher.',
          body: offerIdRequestSchema,
          response: { 200: offerAccessRequestResponseSchema },
        },
      },
      async (req) => ({ data: await offersService.requestAccess(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.post(
      API_PATHS.offerTrackingLink,
      {
        schema: {
          ...base,
          summary: "The tracking link builder: the publisher's base URL for the offer and its landing pages",
          body: offerIdRequestSchema,
          response: { 200: offerTrackingLinkResponseSchema },
        },
      },
      async (req) => ({ data: await offersService.trackingLink(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.post(
      API_PATHS.landingPageList,
      {
        schema: {
          ...base,
          summary: "An offer's landing pages",
          body: offerIdRequestSchema,
          response: { 200: landingPageListResponseSchema },
        },
      },
      async (req) => ({ data: await offersService.landingPages(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.post(
      API_PATHS.eventList,
      {
        schema: {
          ...base,
          summary: "An offer's events",
          body: offerIdRequestSchema,
          response: { 200: eventListResponseSchema },
        },
      },
      async (req) => ({ data: await offersService.events(ctx, publisherOf(req), req.body.offer_id) }),
    );

    app.get(
      API_PATHS.search,
      {
        schema: {
          ...base,
          summary: 'Option lists: postback statuses, postback types, event types',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema },
        },
      },
      async (req) => ({ data: offersService.options(req.query.subject) }),
    );
  };
