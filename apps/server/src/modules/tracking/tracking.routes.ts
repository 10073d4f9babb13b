import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { clickRoutes } from './click.routes.ts';
import { conversionRoutes } from './conversion.routes.ts';
import { pixelRoutes } from './pixel.routes.ts';

/** The tracking endpoints at the root of the tracking address: /c, /postback, /pixel. */
export const trackingRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    await app.register(clickRoutes(ctx));
    await app.register(conversionRoutes(ctx));
    await app.register(pixelRoutes(ctx));
  };
