import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  accountManagersResponseSchema,
  publisherDetailResponseSchema,
  publisherIdParamsSchema,
  publisherLinkUserRequestSchema,
  publisherListRequestSchema,
  publisherListResponseSchema,
  publisherStatusRequestSchema,
  publisherStatusSchema,
  publisherSuccessResponseSchema,
  publisherUnlinkUserRequestSchema,
  publisherUpdateRequestSchema,
  publisherViewAsResponseSchema,
} from '@portal/shared/admin/publishers.schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { actorOf, operatorOf } from '../../lib/operator-identity.ts';
import { publishersService } from './publishers.service.ts';

const statusAnswer = z.object({
  data: z.object({ id: z.number().int(), status: publisherStatusSchema }),
});
const managerAnswer = z.object({
  data: z.object({
    id: z.number().int(),
    account_manager_id: z.number().int().nullable(),
    minimum_payout: z.number().nullable(),
  }),
});

/** The Publishers area (docs/operator-console.md "Publishers"): reads for every operator, writes for managers. */
export const publishersAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };
    const params = publisherIdParamsSchema;

    app.post(
      ADMIN_API_PATHS.publishers,
      {
        config: { operatorRole: 'viewer', readOnly: true },
        schema: {
          ...base,
          summary: 'Publisher accounts',
          description:
            '`search` matches the name, a user’s e-mail (anywhere, any case) or the id; `filters.status` one status. ' +
            'Sorted by `created_at` (newest first by default) or `name`.',
          body: publisherListRequestSchema,
          response: { 200: publisherListResponseSchema },
        },
      },
      async (req) => publishersService.list(ctx, req.body),
    );

    app.get(
      ADMIN_API_PATHS.publisher,
      {
        schema: {
          ...base,
          summary: 'One publisher account',
          description:
            'Status, users and their other accounts, account manager, referrer, granted offers, and the month to ' +
            'date (from the 1st in the first user’s time zone): clicks, conversions and payout.',
          params,
          response: { 200: publisherDetailResponseSchema },
        },
      },
      async (req) => ({ data: await publishersService.get(ctx, req.params.id) }),
    );

    app.post(
      ADMIN_API_PATHS.publisherStatus,
      {
        config: { operatorRole: 'manager' },
        schema: {
          ...base,
          summary: 'Approve, reject, suspend or reactivate a publisher (with a reason)',
          description:
            'approve: pending or rejected → active; reject: pending → rejected; suspend: active → suspended; ' +
            'reactivate: suspended → active. Another change answers 409 `0x4090`. Field errors: action 0x4013, ' +
            'reason 0x4001. The publisher’s users are e-mailed.',
          params,
          body: publisherStatusRequestSchema,
          response: { 200: statusAnswer },
        },
      },
      async (req) => ({ data: await publishersService.setStatus(ctx, actorOf(req), req.params.id, req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.publisherUpdate,
      {
        config: { operatorRole: 'manager' },
        schema: {
          ...base,
          summary: "Set a publisher's account manager (null: none) and minimum payout (null: the network's)",
          description:
            'A field left out stays as it is. Field errors: account_manager_id 0x4011 (no such manager); ' +
            'minimum_payout 0x4011 (not an amount from 0 to 1,000,000).',
          params,
          body: publisherUpdateRequestSchema,
          response: { 200: managerAnswer },
        },
      },
      async (req) => ({
        data: await publishersService.update(ctx, actorOf(req), req.params.id, req.body),
      }),
    );

    app.post(
      ADMIN_API_PATHS.publisherLinkUser,
      {
        config: { operatorRole: 'manager' },
        schema: {
          ...base,
          summary: 'Give an existing user access to this publisher account (multi-account login)',
          description: 'Field errors on email: 0x4001 (missing), 0x4011 (no such user), 0x4015 (already linked).',
          params,
          body: publisherLinkUserRequestSchema,
          response: { 200: publisherSuccessResponseSchema },
        },
      },
      async (req) => publishersService.linkUser(ctx, actorOf(req), req.params.id, req.body.email),
    );

    app.post(
      ADMIN_API_PATHS.publisherUnlinkUser,
      {
        config: { operatorRole: 'manager' },
        schema: {
          ...base,
          summary: 'Take a user off this publisher account; their sessions for it stop at once',
          params,
          body: publisherUnlinkUserRequestSchema,
          response: { 200: publisherSuccessResponseSchema },
        },
      },
      async (req) => publishersService.unlinkUser(ctx, actorOf(req), req.params.id, req.body.user_id),
    );

    app.post(
      ADMIN_API_PATHS.publisherViewAs,
      {
        // Owners and managers: a viewer gets 403 (lib/view-as.ts says what the session may not do).
        config: { operatorRole: 'manager' },
        schema: {
          ...base,
          summary: 'A one-time link that opens the portal as this publisher',
          description:
            'The link logs in as the account’s first user, once and for a few minutes. The session names the ' +
            'operator, lasts at most 30 minutes and ends with the operator’s own; it cannot make API keys, change ' +
            'the password, two-factor or payment details, nor read the postback signing secret (403 `0x4030`). ' +
            'Each of its writes is in the audit log as `publisher.view_as.<action>`. Owners and managers only ' +
            '(a viewer gets 403). Only an active publisher (409).',
          params,
          response: { 200: publisherViewAsResponseSchema },
        },
      },
      async (req) => ({
        data: await publishersService.viewAs(ctx, actorOf(req), operatorOf(req), req.params.id, {
          address: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
        }),
      }),
    );

    app.get(
      ADMIN_API_PATHS.accountManagers,
      { schema: { ...base, summary: 'The account managers', response: { 200: accountManagersResponseSchema } } },
      async () => ({ data: await publishersService.accountManagers(ctx) }),
    );
  };
