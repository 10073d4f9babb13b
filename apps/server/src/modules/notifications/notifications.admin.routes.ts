import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  notificationRecipientListRequestSchema,
  notificationRecipientListResponseSchema,
  notificationSendListRequestSchema,
  notificationSendListResponseSchema,
  notificationSendRequestSchema,
  notificationSendResponseSchema,
} from '@portal/shared/admin/notifications.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf } from '../../lib/operator-identity.ts';
import { notificationSendsService } from './notification-sends.service.ts';

/** The Notifications area: every operator reads the sent list; managers and owners send. */
export const notificationsAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };

    app.post(
      ADMIN_API_PATHS.notificationSends,
      {
        config: { operatorRole: 'viewer', readOnly: true },
        schema: {
          ...base,
          summary: 'The notices operators sent, newest first, with recipients and read counts',
          body: notificationSendListRequestSchema,
          response: { 200: notificationSendListResponseSchema },
        },
      },
      async (req) => notificationSendsService.list(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.notificationRecipients,
      {
        config: { operatorRole: 'viewer', readOnly: true },
        schema: {
          ...base,
          summary: 'Publishers a notice can be sent to, by name (`search`: name, a user’s e-mail, or id)',
          body: notificationRecipientListRequestSchema,
          response: { 200: notificationRecipientListResponseSchema },
        },
      },
      async (req) => notificationSendsService.recipients(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.notificationSend,
      {
        config: { operatorRole: 'manager' },
        schema: {
          ...base,
          summary: 'Send a notice to every active publisher or to chosen ones',
          description:
            'The body is HTML, sanitised before it is stored (docs/security.md). Field errors: title 0x4001 ' +
            '(missing), 0x4010 (over 500 characters); audience 0x4013 (missing), 0x4010 (not all or chosen); ' +
            'publisher_ids 0x4013 (none chosen), 0x4011 (an unknown publisher), 0x4010 (given with all).',
          body: notificationSendRequestSchema,
          response: { 200: notificationSendResponseSchema },
        },
      },
      async (req) => ({ data: await notificationSendsService.send(ctx, actorOf(req), req.body) }),
    );
  };
