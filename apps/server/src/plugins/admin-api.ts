import type { FastifyInstance } from 'fastify';
import { ADMIN_API_BASE } from '@portal/shared/admin/admin-paths';
import type { AppContext } from '../context.ts';
import { auditCheck, checkRouteDeclaration, requireOperator } from './operator-auth.ts';
import { operatorSessionAdminRoutes, operatorsAdminRoutes } from '../modules/operators/operators.admin.routes.ts';
import { auditAdminRoutes } from '../modules/audit/audit.admin.routes.ts';
import { operatorsService } from '../modules/operators/operators.service.ts';
import { overviewAdminRoutes } from '../modules/overview/overview.admin.routes.ts';
import { offersAdminRoutes } from '../modules/offers/offers.admin.routes.ts';
import { publishersAdminRoutes } from '../modules/publishers/publishers.admin.routes.ts';
import { advertisersAdminRoutes } from '../modules/advertisers/advertisers.admin.routes.ts';
import { notificationsAdminRoutes } from '../modules/notifications/notifications.admin.routes.ts';
import { conversionsAdminRoutes } from '../modules/conversions/conversions.admin.routes.ts';
import { invoicesAdminRoutes } from '../modules/invoices/invoices.admin.routes.ts';

/**
 * The operator API's scope (docs/operator-console.md): every route under /api/admin/v1, one hook
 * that authenticates the operator and checks the route's declared role, one that makes sure a
 * write left an audit entry. Each area registers its `<feature>.admin.routes.ts` here.
 */
export async function registerAdminApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.decorateRequest('operator', null);
  app.decorateRequest('actor', null);
  await app.register(
    async (admin) => {
      admin.addHook('onRoute', checkRouteDeclaration);
      admin.addHook('onRequest', requireOperator(ctx));
      admin.addHook('onSend', auditCheck(ctx));
      await admin.register(operatorSessionAdminRoutes(ctx));
      await admin.register(overviewAdminRoutes(ctx));
      await admin.register(auditAdminRoutes(ctx, { operatorNames: operatorsService.names }));
      await admin.register(operatorsAdminRoutes(ctx));
      await admin.register(offersAdminRoutes(ctx));
      await admin.register(publishersAdminRoutes(ctx));
      await admin.register(advertisersAdminRoutes(ctx));
      await admin.register(notificationsAdminRoutes(ctx));
      await admin.register(conversionsAdminRoutes(ctx));
      await admin.register(invoicesAdminRoutes(ctx));
    },
    { prefix: ADMIN_API_BASE },
  );
}
