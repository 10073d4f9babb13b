import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  advertiserCreateRequestSchema,
  advertiserCreateResponseSchema,
  advertiserDetailResponseSchema,
  advertiserIdParamsSchema,
  advertiserListRequestSchema,
  advertiserListResponseSchema,
  advertiserRotatePixelSecretResponseSchema,
  advertiserRotateRequestSchema,
  advertiserRotateTokenResponseSchema,
  advertiserUpdateRequestSchema,
  advertiserUpdateResponseSchema,
} from '@portal/shared/admin/advertisers.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/operator-identity.ts';
import { advertiserCredentials } from './advertiser-credentials.service.ts';
import { advertiserRowOf, advertisersService } from './advertisers.service.ts';

/** The Advertisers area: every operator reads; managers and owners write. */
export const advertisersAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };
    const write = { operatorRole: 'manager' as const };

    app.post(
      ADMIN_API_PATHS.advertisers,
      {
        config: { operatorRole: 'viewer', readOnly: true },
        schema: {
          ...base,
          summary: 'The advertisers, with how many offers each owns',
          description: 'Sorts `name` and `created_at`; `search` matches the name (or the id); filter `status`.',
          body: advertiserListRequestSchema,
          response: { 200: advertiserListResponseSchema },
        },
      },
      async (req) => advertisersService.list(ctx, req.body),
    );

    app.get(
      ADMIN_API_PATHS.advertiser,
      {
        config: { operatorRole: 'viewer' },
        schema: {
          ...base,
          summary: 'One advertiser and the offers it owns',
          params: advertiserIdParamsSchema,
          response: { 200: advertiserDetailResponseSchema },
        },
      },
      async (req) => ({ data: await advertisersService.detail(ctx, req.params.id) }),
    );

    app.post(
      ADMIN_API_PATHS.advertiserCreate,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Create an advertiser (its conversion API token and pixel signing secret answered once)',
          description:
            'Field errors: name 0x4001 (missing), 0x4010 (over 256 characters); status 0x4010 (not active or inactive).',
          body: advertiserCreateRequestSchema,
          response: { 200: advertiserCreateResponseSchema },
        },
      },
      async (req) => ({ data: await advertisersService.create(ctx, actorOf(req), req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.advertiserUpdate,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Rename an advertiser or change its status',
          description: 'An inactive advertiser’s conversion calls are refused. Field errors as for create.',
          params: advertiserIdParamsSchema,
          body: advertiserUpdateRequestSchema,
          response: { 200: advertiserUpdateResponseSchema },
        },
      },
      async (req) => ({ data: await advertisersService.update(ctx, actorOf(req), req.params.id, req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.advertiserRotateToken,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Replace the conversion API token (the new one answered once; the old one stops at once)',
          params: advertiserIdParamsSchema,
          body: advertiserRotateRequestSchema,
          response: { 200: advertiserRotateTokenResponseSchema },
        },
      },
      async (req) => {
        const r = await advertiserCredentials.rotateAudited(
          ctx,
          actorOf(req),
          req.params.id,
          { token: true, pixelSecret: false },
          req.body?.reason ?? null,
        );
        return { data: { advertiser: await advertiserRowOf(ctx.db, req.params.id), token: r.token! } };
      },
    );

    app.post(
      ADMIN_API_PATHS.advertiserRotatePixelSecret,
      {
        config: write,
        schema: {
          ...base,
          summary: 'Replace the pixel signing secret (the new one answered once; the old one stops at once)',
          params: advertiserIdParamsSchema,
          body: advertiserRotateRequestSchema,
          response: { 200: advertiserRotatePixelSecretResponseSchema },
        },
      },
      async (req) => {
        const r = await advertiserCredentials.rotateAudited(
          ctx,
          actorOf(req),
          req.params.id,
          { token: false, pixelSecret: true },
          req.body?.reason ?? null,
        );
        return { data: { advertiser: await advertiserRowOf(ctx.db, req.params.id), pixel_secret: r.pixelSecret! } };
      },
    );
  };
