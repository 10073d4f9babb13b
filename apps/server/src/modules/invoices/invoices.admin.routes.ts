import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  adminInvoiceDetailResponseSchema,
  adminInvoiceListRequestSchema,
  adminInvoiceListResponseSchema,
  invoiceGenerateRequestSchema,
  invoiceGenerateResponseSchema,
  invoiceIdParamsSchema,
  invoiceStatusRequestSchema,
  invoiceStatusResponseSchema,
  payableCsvQuerySchema,
} from '@portal/shared/admin/invoices.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/operator-identity.ts';
import { invoiceAdminService } from './invoice-admin.service.ts';
import { payableCsv } from './invoice-payable.service.ts';

/** The Invoices area: every operator reads; managers and owners generate and move them. */
export const invoicesAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };

    app.post(
      ADMIN_API_PATHS.invoices,
      {
        config: { operatorRole: 'viewer' as const, readOnly: true },
        schema: {
          ...base,
          summary: 'Invoices, newest first: by status, publisher and month',
          body: adminInvoiceListRequestSchema,
          response: { 200: adminInvoiceListResponseSchema },
        },
      },
      async (req) => invoiceAdminService.list(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.invoiceGenerate,
      {
        config: { operatorRole: 'manager' as const },
        schema: {
          ...base,
          summary: 'Invoice a closed month (default: the last one) for every publisher with payouts',
          description:
            'An invoice that exists (not void) is left as it is. Field errors: month 0x4010 (not YYYY-MM), ' +
            '0x4011 (not over yet).',
          body: invoiceGenerateRequestSchema,
          response: { 200: invoiceGenerateResponseSchema },
        },
      },
      async (req) => ({ data: await invoiceAdminService.generate(ctx, actorOf(req), req.body) }),
    );

    // A static path: it wins over `/invoices/:id`.
    app.get(
      ADMIN_API_PATHS.invoicesPayableCsv,
      {
        config: { operatorRole: 'viewer' as const, readOnly: true },
        schema: {
          ...base,
          summary: "A month's payable invoices as CSV (default: the last closed month)",
          description:
            'Invoices not paid, carried over nor void with a total above zero: invoice_id, publisher_id, publisher, ' +
            'email, amount, currency, status, method, payment_details (masked but for the last four ' +
            'characters), paused, paused_until. Field errors: month 0x4010 (not YYYY-MM).',
          querystring: payableCsvQuerySchema,
        },
      },
      async (req, reply) => {
        const { fileName, csv } = await payableCsv(ctx, req.query.month);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(csv);
      },
    );

    app.get(
      ADMIN_API_PATHS.invoice,
      {
        schema: {
          ...base,
          summary: 'An invoice and its lines',
          params: invoiceIdParamsSchema,
          response: { 200: adminInvoiceDetailResponseSchema },
        },
      },
      async (req) => ({ data: await invoiceAdminService.find(ctx, req.params.id) }),
    );

    app.post(
      ADMIN_API_PATHS.invoiceStatus,
      {
        config: { operatorRole: 'manager' as const },
        schema: {
          ...base,
          summary: 'Move an invoice one status on (generated → request_payment → processing → paid) or void it',
          description:
            'Void keeps the row and takes a reason; paid takes paid_at (YYYY-MM-DD, not in the future), ' +
            'payment_method (paypal, bank_transfer, other) and payment_reference; a paid, carried-over or void ' +
            'invoice moves no more. Field errors: status 0x4013 (missing), 0x4010 (unknown), 0x4011 (not a move ' +
            'from its status); reason 0x4001 (void without one); paid_at 0x4001, 0x4010, 0x4011 (in the future); ' +
            'payment_method 0x4013, 0x4010; payment_reference 0x4001, 0x4010 (too long).',
          params: invoiceIdParamsSchema,
          body: invoiceStatusRequestSchema,
          response: { 200: invoiceStatusResponseSchema },
        },
      },
      async (req) => ({ data: await invoiceAdminService.move(ctx, actorOf(req), req.params.id, req.body) }),
    );
  };
