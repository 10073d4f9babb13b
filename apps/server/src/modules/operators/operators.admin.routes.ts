import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  consoleSettingsResponseSchema,
  consoleSettingsUpdateRequestSchema,
  operatorIdParamsSchema,
  operatorInviteRequestSchema,
  operatorInviteResponseSchema,
  operatorListRequestSchema,
  operatorListResponseSchema,
  operatorUpdateRequestSchema,
  operatorUpdateResponseSchema,
} from '@portal/shared/admin/operators.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf, operatorOf } from '../../plugins/operator-auth.ts';
import { operatorsService } from './operators.service.ts';

/** The Operators area and the console's settings: owners only. */
export const operatorsAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['admin'], security: [{ operatorBearer: [] }] };
    const config = { operatorRole: 'owner' as const };

    app.post(
      ADMIN_API_PATHS.operators,
      {
        config: { ...config, readOnly: true },
        schema: {
          ...base,
          summary: "The console's operators",
          body: operatorListRequestSchema,
          response: { 200: operatorListResponseSchema },
        },
      },
      async (req) => operatorsService.list(ctx, req.body),
    );

    app.post(
      ADMIN_API_PATHS.operatorInvite,
      {
        config,
        schema: {
          ...base,
          summary: 'Invite an operator (a set-password link, e-mailed and answered once)',
          description:
            'Renews the invitation of an operator who has not set a password yet. Field errors: email 0x4001 ' +
            '(missing), 0x4010 (not an address), 0x4015 (already an operator); name 0x4001; role 0x4013.',
          body: operatorInviteRequestSchema,
          response: { 200: operatorInviteResponseSchema },
        },
      },
      async (req) => ({ data: await operatorsService.invite(ctx, actorOf(req), req.body) }),
    );

    app.post(
      ADMIN_API_PATHS.operatorUpdate,
      {
        config,
        schema: {
          ...base,
          summary: "Change an operator's role, or disable them",
          description:
            "A disabled operator's tokens stop working at once. The console keeps at least one active owner " +
            '(422 `0x4011` on role or status otherwise).',
          params: operatorIdParamsSchema,
          body: operatorUpdateRequestSchema,
          response: { 200: operatorUpdateResponseSchema },
        },
      },
      async (req) => ({ data: await operatorsService.update(ctx, actorOf(req), req.params.id, req.body) }),
    );

    app.get(
      ADMIN_API_PATHS.settings,
      {
        config,
        schema: { ...base, summary: "The console's settings", response: { 200: consoleSettingsResponseSchema } },
      },
      async () => ({ data: await operatorsService.settings(ctx) }),
    );

    app.post(
      ADMIN_API_PATHS.settingsUpdate,
      {
        config,
        schema: {
          ...base,
          summary: 'Change the console settings (require two-factor for every operator)',
          description: 'Requiring two-factor takes an owner who has it on (422 `0x4011` on require_2fa otherwise).',
          body: consoleSettingsUpdateRequestSchema,
          response: { 200: consoleSettingsResponseSchema },
        },
      },
      async (req) => ({
        data: await operatorsService.updateSettings(ctx, actorOf(req), operatorOf(req), req.body),
      }),
    );
  };
