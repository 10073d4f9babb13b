import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import { overviewResponseSchema } from '@portal/shared/admin/overview.schemas';
import type { AppContext } from '../../context.ts';
import { overviewService } from './overview.service.ts';

/** The console's first screen. */
export const overviewAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ADMIN_API_PATHS.overview,
      {
        config: { operatorRole: 'viewer' },
        schema: {
          tags: ['admin'],
          security: [{ operatorBearer: [] }],
          summary:
            'The network at a glance: today and month to date (UTC), publishers waiting for approval, the fullest caps, failing postback receivers, conversion refusals of the last 24 hours',
          response: { 200: overviewResponseSchema },
        },
      },
      async () => ({ data: await overviewService.get(ctx) }),
    );
  };
