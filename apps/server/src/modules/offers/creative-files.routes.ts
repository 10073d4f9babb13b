import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { CREATIVE_FILE_KEY, CREATIVE_FILE_PATH, offerCreativesService } from './offer-creatives.service.ts';

/**
 * `GET /media/creatives/{token}`: an uploaded creative's image for whoever holds its address
 * (publishers show it on their own pages), from the database, so every process serves it. The
 * token is random, so a private offer's creatives cannot be found by counting; an older address by
 * number answers for a public offer's creative only. Each upload has its own address, so it may be
 * cached for a day.
 */
export const creativeFileRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      CREATIVE_FILE_PATH,
      {
        schema: {
          hide: true,
          params: z.strictObject({ key: z.string().regex(CREATIVE_FILE_KEY) }),
        },
      },
      async (req, reply) => {
        const file = await offerCreativesService.file(ctx, req.params.key);
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
