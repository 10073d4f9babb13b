import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  auditListRequestSchema,
  auditListResponseSchema,
  auditOperatorsResponseSchema,
  type AuditOperatorsResponse,
} from '@portal/shared/admin/audit.schemas';
import type { AppContext } from '../../context.ts';
import { auditService } from './audit.service.ts';

/**
 * The operators' names and e-mails, all of them or those of `ids` (the operators module answers
 * them; the console's composition hands its lookup in, plugins/admin-api.ts, so that audit, which
 * every operator write calls, imports nothing of the operators).
 */
export type OperatorNames = (ctx: AppContext, ids?: number[]) => Promise<AuditOperatorsResponse['data']>;

/** The audit log: every operator can read it. */
export const auditAdminRoutes =
  (ctx: AppContext, deps: { operatorNames: OperatorNames }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };
    const config = { operatorRole: 'viewer' as const };

    app.post(
      ADMIN_API_PATHS.auditLog,
      {
        config: { ...config, readOnly: true },
        schema: {
          ...base,
          summary: 'The audit log: every operator write, newest first',
          description:
            'Filters: `operator_id`, `object_type` (with `object_id`), `date_range` (calendar days in `time_zone`, ' +
            'UTC by default). Each entry: who, when, the action, the object, before → after, the reason, the address.',
          body: auditListRequestSchema,
          response: { 200: auditListResponseSchema },
        },
      },
      async (req) => {
        const page = await auditService.list(ctx, req.body);
        const ids = [...new Set(page.data.flatMap((e) => (e.operator_id === null ? [] : [e.operator_id])))];
        const names = new Map((await deps.operatorNames(ctx, ids)).map((o) => [o.id, o.name]));
        return {
          ...page,
          data: page.data.map((e) => ({
            ...e,
            operator_name: e.operator_id === null ? null : (names.get(e.operator_id) ?? null),
          })),
        };
      },
    );

    app.get(
      ADMIN_API_PATHS.auditLogOperators,
      {
        config,
        schema: {
          ...base,
          summary: 'Every operator, for the audit log’s operator filter',
          response: { 200: auditOperatorsResponseSchema },
        },
      },
      async () => ({ data: await deps.operatorNames(ctx) }),
    );
  };
