import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  invoiceListRequestSchema,
  invoiceListResponseSchema,
  invoiceRequestSchema,
  invoiceResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf, requireSessionOrApiKey } from '../../plugins/auth.ts';
import { SESSION_OR_API_KEY } from '../../plugins/openapi.ts';
import { invoicesService } from './invoices.service.ts';
import { invoicePdf } from './invoice-pdf.service.ts';
import { startInvoiceScheduler } from './invoices.jobs.ts';

export const invoicesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // A session or an API key of any scope (invoices are read-only).
    const preHandler = requireSessionOrApiKey(ctx);
    const base = { tags: ['invoices'], security: SESSION_OR_API_KEY };

    app.post(
      API_PATHS.invoiceList,
      { preHandler, schema: { ...base, body: invoiceListRequestSchema, response: { 200: invoiceListResponseSchema } } },
      async (req) => invoicesService.list(ctx, publisherOf(req).publisherId, req.body),
    );
    app.post(
      API_PATHS.invoice,
      { preHandler, schema: { ...base, body: invoiceRequestSchema, response: { 200: invoiceResponseSchema } } },
      async (req) => invoicesService.findOrFail(ctx, publisherOf(req).publisherId, req.body.id),
    );
    // The same invoice as a PDF document (an attachment; the browser saves it as a file).
    app.post(
      API_PATHS.invoicePdf,
      { preHandler, schema: { ...base, body: invoiceRequestSchema } },
      async (req, reply) => {
        const { fileName, pdf } = await invoicePdf(ctx, publisherOf(req), req.body.id);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      },
    );

    // The monthly job runs in servers, not in tests (they call the service) nor in CLI commands.
    if (ctx.config.NODE_ENV !== 'test') {
      let stop: (() => void) | null = null;
      app.addHook('onListen', async () => {
        stop = startInvoiceScheduler(ctx);
      });
      app.addHook('onClose', async () => stop?.());
    }
  };
