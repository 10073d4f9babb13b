import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  adminConversionListRequestSchema,
  adminConversionListResponseSchema,
  conversionIdParamsSchema,
  conversionReverseRequestSchema,
  conversionReverseResponseSchema,
} from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/operator-identity.ts';
import { conversionsService } from './conversions.service.ts';

/** The Conversions area: every operator finds conversions; managers and owners reverse them. */
export const conversionsAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };

    app.post(
      ADMIN_API_PATHS.conversions,
      {
        config: { operatorRole: 'viewer' as const, readOnly: true },
        schema: {
          ...base,
          summary: 'Conversions, newest first: by tid, order id, publisher, offer, status and days',
          description: 'Field errors: filters.tid 0x4010 (not a UUID), filters.time_zone 0x4010, cursor 0x4010.',
          body: adminConversionListRequestSchema,
          response: { 200: adminConversionListResponseSchema },
        },
      },
      async (req) => conversionsService.list(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.conversionReverse,
      {
        config: { operatorRole: 'manager' as const },
        schema: {
          ...base,
          summary: 'Reverse a conversion (it stays, marked reversed; reports, open invoices and postbacks follow)',
          description:
            'Field errors: reason 0x4001 (missing), 0x4010 (too long). 404 `0x4040` for an unknown conversion, ' +
            '409 `0x4090` for one already reversed.',
          params: conversionIdParamsSchema,
          body: conversionReverseRequestSchema,
          response: { 200: conversionReverseResponseSchema },
        },
      },
      async (req) => ({ data: await conversionsService.reverse(ctx, actorOf(req), req.params.id, req.body) }),
    );
  };
