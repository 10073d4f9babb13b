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
import { publisherOf } from '../../lib/request-identity.ts';
import { reportsService } from './reports.service.ts';

export const reportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The key scope authenticates: a session or an API key of any scope (plugins/publisher-api.ts).
    const base = { tags: ['reports'] };

    for (const type of REPORT_TYPES) {
      app.post(
        API_PATHS.report(type),
        {
          schema: {
            ...base,
            body: reportRequestSchema(type),
            response: { 200: reportResponseSchema(REPORT_ROW_SCHEMAS[type]) },
          },
        },
        async (req) => {
          const auth = publisherOf(req);
          const scope = await reportsService.scope(ctx, auth, req.body.filters, type);
          return reportsService.page(ctx, type, scope, req.body);
        },
      );
    }

    for (const type of SUMMARY_REPORT_TYPES) {
      app.post(
        API_PATHS.reportTotal(type),
        {
          schema: { ...base, body: reportTotalRequestSchema(type), response: { 200: reportTotalResponseSchema } },
        },
        async (req) => {
          const scope = await reportsService.scope(ctx, publisherOf(req), req.body.filters, type);
          return reportsService.total(ctx, scope);
        },
      );
    }

    app.post(
      API_PATHS.weekToDateSummary,
      { schema: { ...base, body: emptyRequestSchema, response: { 200: revenueSummaryResponseSchema } } },
      async (req) => reportsService.revenueToDate(ctx, publisherOf(req), 'week'),
    );
    app.post(
      API_PATHS.monthToDateSummary,
      { schema: { ...base, body: emptyRequestSchema, response: { 200: revenueSummaryResponseSchema } } },
      async (req) => reportsService.revenueToDate(ctx, publisherOf(req), 'month'),
    );
  };
