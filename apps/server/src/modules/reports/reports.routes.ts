import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  REPORT_ROW_SCHEMAS,
  REPORT_TYPES,
  SUMMARY_REPORT_TYPES,
  emptyRequestSchema,
  reportRequestSchema,
  reportResponseSchema,
  reportTotalRequestSchema,
  reportTotalResponseSchema,
  revenueSummaryResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf, requireSessionOrApiKey } from '../../plugins/auth.ts';
import { SESSION_OR_API_KEY } from '../../plugins/openapi.ts';
import { reportsService } from './reports.service.ts';

export const reportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const preHandler = requireSessionOrApiKey(ctx);
    const base = { tags: ['reports'], security: SESSION_OR_API_KEY };

    for (const type of REPORT_TYPES) {
      app.post(
        API_PATHS.report(type),
        {
          preHandler,
          schema: {
            ...base,
            body: reportRequestSchema(type),
            response: { 200: reportResponseSchema(REPORT_ROW_SCHEMAS[type]) },
          },
        },
        async (req) => {
          const auth = publisherOf(req);
          const scope = await reportsService.scope(ctx, auth, req.body.filters);
          return reportsService.page(ctx, type, scope, req.body);
        },
      );
    }

    for (const type of SUMMARY_REPORT_TYPES) {
      app.post(
        API_PATHS.reportTotal(type),
        {
          preHandler,
          schema: { ...base, body: reportTotalRequestSchema(type), response: { 200: reportTotalResponseSchema } },
        },
        async (req) => {
          const scope = await reportsService.scope(ctx, publisherOf(req), req.body.filters);
          return reportsService.total(ctx, scope);
        },
      );
    }

    app.post(
      API_PATHS.weekToDateSummary,
      { preHandler, schema: { ...base, body: emptyRequestSchema, response: { 200: revenueSummaryResponseSchema } } },
      async (req) => reportsService.revenueToDate(ctx, publisherOf(req), 'week'),
    );
    app.post(
      API_PATHS.monthToDateSummary,
      { preHandler, schema: { ...base, body: emptyRequestSchema, response: { 200: revenueSummaryResponseSchema } } },
      async (req) => reportsService.revenueToDate(ctx, publisherOf(req), 'month'),
    );
  };
