import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  adminConversionDetailResponseSchema,
  adminConversionListRequestSchema,
  adminConversionListResponseSchema,
  conversionIdParamsSchema,
  conversionReconcileRequestSchema,
  conversionReconcileResponseSchema,
  conversionStatusRequestSchema,
  conversionStatusResponseSchema,
  RECONCILE_CSV_MAX,
  conversionReverseRequestSchema,
  conversionReverseResponseSchema,
} from '@portal/shared/admin/conversions.schemas';
import {
  reconciliationListRequestSchema,
  reconciliationListResponseSchema,
} from '@portal/shared/admin/reconciliations.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/operator-identity.ts';
import { reconcile } from './conversion-reconcile.service.ts';
import { listReconciliations } from './conversion-reconciliations.ts';
import { conversionsService } from './conversions.service.ts';

/**
 * The Conversions area: every operator finds conversions and reads one's status history; managers
 * and owners approve, reject, reconcile and reverse them.
 */
export const conversionsAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };

    app.post(
      ADMIN_API_PATHS.conversions,
      {
        config: { operatorRole: 'viewer' as const, readOnly: true },
        schema: {
          ...base,
          summary: 'Conversions, newest first: by tid, order id, publisher, offer, status and days',
          description: 'Field errors: filters.tid 0x4010 (not a UUID), filters.time_zone 0x4010, cursor 0x4010.',
          body: adminConversionListRequestSchema,
          response: { 200: adminConversionListResponseSchema },
        },
      },
      async (req) => conversionsService.list(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.conversionReverse,
      {
        config: { operatorRole: 'manager' as const },
        schema: {
          ...base,
          summary: 'Reverse a conversion (it stays, marked reversed; reports, open invoices and postbacks follow)',
          description:
            'Field errors: reason 0x4001 (missing), 0x4010 (too long). 404 `0x4040` for an unknown conversion, ' +
            '409 `0x4090` for one already reversed.',
          params: conversionIdParamsSchema,
          body: conversionReverseRequestSchema,
          response: { 200: conversionReverseResponseSchema },
        },
      },
      async (req) => ({ data: await conversionsService.reverse(ctx, actorOf(req), req.params.id, req.body) }),
    );

    app.get(
      ADMIN_API_PATHS.conversion,
      {
        config: { operatorRole: 'viewer' as const, readOnly: true },
        schema: {
          ...base,
          summary: 'One conversion with its status history (every change: when, who, why)',
          description: '404 `0x4040` for an unknown conversion.',
          params: conversionIdParamsSchema,
          response: { 200: adminConversionDetailResponseSchema },
        },
      },
      async (req) => ({ data: await conversionsService.detail(ctx, req.params.id) }),
    );

    app.post(
      ADMIN_API_PATHS.conversionStatus,
      {
        config: { operatorRole: 'manager' as const },
        schema: {
          ...base,
          summary: 'Approve or reject up to 1,000 conversions; each id answered on its own',
          description:
            'Field errors: ids 0x4013 (none), 0x4010 (more than 1,000), status 0x4010 (not approved or rejected), ' +
            'reason 0x4001 (a rejection without one), 0x4010 (too long). ' +
            'Each id: `changed`, `unchanged`, `unknown` or `not_allowed` (a reversed one, a rejection 60 days after payment).',
          body: conversionStatusRequestSchema,
          response: { 200: conversionStatusResponseSchema },
        },
      },
      async (req) => ({ data: await conversionsService.setStatus(ctx, actorOf(req), req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.conversionReconcile,
      {
        config: { operatorRole: 'manager' as const },
        // The file travels in the JSON body: room for RECONCILE_CSV_MAX characters and the envelope.
        bodyLimit: RECONCILE_CSV_MAX + 64 * 1024,
        schema: {
          ...base,
          summary:
            "Reconcile an advertiser's CSV: preview every row's outcome, or apply it (the file and its outcome kept)",
          description:
            'Columns (a header line names them): `tid` or `order_id`, `status` (approved|rejected), optional `reason` ' +
            '(required to reject), `amount` (compared with the revenue, never applied), `event_id`. Field errors: csv 0x4001 ' +
            '(empty, no header, no rows), 0x4010 (malformed: the line is named; more than 50,000 rows). Rows: `invalid` with ' +
            'a code and message per row, `would_change`/`changed`, `unchanged`, `unknown`, `not_allowed`.',
          body: conversionReconcileRequestSchema,
          response: { 200: conversionReconcileResponseSchema },
        },
      },
      async (req) => ({ data: await reconcile(ctx, actorOf(req), req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.conversionReconciliations,
      {
        config: { operatorRole: 'viewer' as const, readOnly: true },
        schema: {
          ...base,
          summary: 'The applied reconciliation files, newest first: when, who, the file name and its outcome counts',
          description: 'Field errors: cursor 0x4010.',
          body: reconciliationListRequestSchema,
          response: { 200: reconciliationListResponseSchema },
        },
      },
      async (req) => listReconciliations(ctx, req.body),
    );
  };
