import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  businessUnitByDomainQuerySchema,
  businessUnitByDomainResponseSchema,
  countryCodesResponseSchema,
  regionCodesQuerySchema,
  regionCodesResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { businessUnitsService } from '../business-units/business-units.service.ts';
import { geoService } from './geo.service.ts';

/** Public look-ups the sign-up form needs: business unit by domain, countries, regions. */
export const geoRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['sign-up'];
    app.get(
      API_PATHS.businessUnitByDomain,
      {
        schema: {
          tags,
          querystring: businessUnitByDomainQuerySchema,
          response: { 200: businessUnitByDomainResponseSchema },
        },
      },
      async (req) => businessUnitsService.getByDomain(ctx, req.query.domain),
    );
    app.get(API_PATHS.countryCodes, { schema: { tags, response: { 200: countryCodesResponseSchema } } }, async () =>
      geoService.countries(),
    );
    app.get(
      API_PATHS.regionCodes,
      { schema: { tags, querystring: regionCodesQuerySchema, response: { 200: regionCodesResponseSchema } } },
      async (req) => geoService.regions(req.query.country),
    );
  };
