import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { CREATIVE_FILE_PATH, offerCreativesService } from './offer-creatives.service.ts';

/**
 * `GET /media/creatives/{id}`: an uploaded creative's image, public (publishers show it on their
 * own pages), from the database, so every process serves it. Each upload has its own address, so
 * it may be cached for a day.
 */
export const creativeFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      CREATIVE_FILE_PATH,
      {
        schema: {
          hide: true,
          params: z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        },
      },
      async (req, reply) => {
        const file = await offerCreativesService.file(ctx, req.params.id);
        if (!file) throw notFound();
        return reply
          .header('content-type', file.content_type)
          .header('cache-control', 'public, max-age=86400')
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(Buffer.from(file.bytes));
      },
    );
  };
