import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  invoiceListRequestSchema,
  invoiceListResponseSchema,
  invoiceRequestSchema,
  invoiceResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { invoicesService } from './invoices.service.ts';
import { invoicePdf } from './invoice-pdf.service.ts';

export const invoicesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The key scope authenticates: a session or an API key of any scope (invoices are read-only).
    const base = { tags: ['invoices'] };

    app.post(
      API_PATHS.invoiceList,
      { schema: { ...base, body: invoiceListRequestSchema, response: { 200: invoiceListResponseSchema } } },
      async (req) => invoicesService.list(ctx, publisherOf(req).publisherId, req.body),
    );
    app.post(
      API_PATHS.invoice,
      { schema: { ...base, body: invoiceRequestSchema, response: { 200: invoiceResponseSchema } } },
      async (req) => invoicesService.findOrFail(ctx, publisherOf(req).publisherId, req.body.id),
    );
    // The same invoice as a PDF document (an attachment; the browser saves it as a file).
    app.post(API_PATHS.invoicePdf, { schema: { ...base, body: invoiceRequestSchema } }, async (req, reply) => {
      const { fileName, pdf } = await invoicePdf(ctx, publisherOf(req), req.body.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    });
  };
