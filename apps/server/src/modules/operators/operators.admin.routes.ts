import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noBodyRequestSchema } from '@portal/shared';
import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import {
  consoleSettingsResponseSchema,
  consoleSettingsUpdateRequestSchema,
  operatorChangePasswordRequestSchema,
  operatorIdParamsSchema,
  operatorInviteRequestSchema,
  operatorInviteResponseSchema,
  operatorJwtResponseSchema,
  operatorListRequestSchema,
  operatorListResponseSchema,
  operatorLoginRequestSchema,
  operatorLoginResponseSchema,
  operatorLogoutResponseSchema,
  operatorMeResponseSchema,
  operatorResetLinkResponseSchema,
  operatorSetPasswordRequestSchema,
  operatorSetPasswordResponseSchema,
  operatorTwoFactorCodeRequestSchema,
  operatorTwoFactorEnableResponseSchema,
  operatorTwoFactorSetupRequestSchema,
  operatorTwoFactorSetupResponseSchema,
  operatorUpdateRequestSchema,
  operatorUpdateResponseSchema,
  operatorVerifyCodeRequestSchema,
} from '@portal/shared/admin/operators.schemas';
import type { AppContext } from '../../context.ts';
import { actorOf, operatorOf } from '../../lib/operator-identity.ts';
import { deviceCookieOptions, OPERATOR_DEVICE } from '../../lib/trusted-device.ts';
import { operatorPasswordService } from './operator-password.service.ts';
import { operatorSignInService } from './operator-sign-in.service.ts';
import { operatorTwoFactorService } from './operator-two-factor.service.ts';
import { operatorsService } from './operators.service.ts';

/** Signing in and out of the console, the signed-in operator and their two-factor authentication. */
export const operatorSessionAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const security = [{ operatorBearer: [] }];

    app.post(
      ADMIN_API_PATHS.login,
      {
        config: { operatorPublic: true },
        schema: {
          tags,
          summary: 'Sign in as an operator',
          description:
            'E-mail and password. With two-factor on, `jwt` is a five-minute token that only `auth/verify-code` ' +
            'takes. Throttled like the publisher sign-in (per account and address, per address; a browser that ' +
            'signed in to the account before, by its `portal_operator_device` cookie, counts as its own device ' +
            'instead of its address): 429 with Retry-After. 401 `0x401` for a wrong e-mail or password, 403 ' +
            '`0x4030` for a disabled operator. Sign-ins and failed ones are in the audit log (the reason, never ' +
            'the password).',
          body: operatorLoginRequestSchema,
          response: { 200: operatorLoginResponseSchema },
        },
      },
      async (req, reply) => {
        const { data, device } = await operatorSignInService.login(
          ctx,
          req.body.email,
          req.body.password,
          req.ip,
          req.cookies[OPERATOR_DEVICE.cookie],
        );
        void reply.setCookie(
          OPERATOR_DEVICE.cookie,
          device,
          deviceCookieOptions(OPERATOR_DEVICE, req.protocol === 'https'),
        );
        return { data };
      },
    );

    app.post(
      ADMIN_API_PATHS.verifyCode,
      {
        config: { operatorPendingTwoFactor: true, operatorRole: 'viewer' },
        schema: {
          tags,
          security,
          summary: 'The two-factor step of the sign-in',
          description:
            'With the pending token of `auth/login`: a six-digit code (each usable once) or a recovery code. ' +
            "422 `0x4011` 'Invalid code'; throttled per operator and address.",
          body: operatorVerifyCodeRequestSchema,
          response: { 200: operatorJwtResponseSchema },
        },
      },
      async (req) => ({ data: await operatorSignInService.verifyCode(ctx, operatorOf(req), req.body.code, req.ip) }),
    );

    app.post(
      ADMIN_API_PATHS.logout,
      {
        config: { operatorRole: 'viewer', beforeTwoFactor: true },
        schema: {
          tags,
          security,
          summary: 'Sign out: this session ends at once',
          body: noBodyRequestSchema,
          response: { 200: operatorLogoutResponseSchema },
        },
      },
      async (req) => operatorSignInService.logout(ctx, operatorOf(req)),
    );

    app.post(
      ADMIN_API_PATHS.setPassword,
      {
        config: { operatorPublic: true },
        schema: {
          tags,
          summary: 'Set the password from a one-time link',
          description:
            "The `token` of an invitation, an owner's reset link, `operator:create` or `operator:reset-password`: " +
            'works once, within 72 hours, and only the newest link of an operator. 422 on `token` `0x4011` when ' +
            "it does not; the publisher's password rules on `password` (`0x4001` missing, `0x4011` shorter than " +
            '8 characters, `0x4010` longer than 256, on the list of common and breached passwords, or the ' +
            'e-mail address) and `password_verify` (`0x4001`, `0x4014`). Every earlier session of the operator ends.',
          body: operatorSetPasswordRequestSchema,
          response: { 200: operatorSetPasswordResponseSchema },
        },
      },
      async (req) => ({ data: await operatorPasswordService.setPassword(ctx, req.body, req.ip) }),
    );

    app.get(
      ADMIN_API_PATHS.me,
      {
        config: { operatorRole: 'viewer', beforeTwoFactor: true },
        schema: {
          tags,
          security,
          summary: 'The signed-in operator: name, role, two-factor',
          response: { 200: operatorMeResponseSchema },
        },
      },
      async (req) => ({ data: await operatorSignInService.me(ctx, operatorOf(req)) }),
    );

    app.post(
      ADMIN_API_PATHS.mePassword,
      {
        config: { operatorRole: 'viewer', beforeTwoFactor: true },
        schema: {
          tags,
          security,
          summary: 'Change your own password (the current one, the new one twice)',
          description:
            "422 on `current_password` `0x4011` 'Invalid credentials.' when it is wrong (throttled per operator: " +
            "429 with Retry-After); the publisher's password rules on `password` and `password_verify`, as " +
            "`auth/set-password` answers them. Ends the operator's other sessions; `jwt` keeps this one going. " +
            'Audited as `operator.password_changed`.',
          body: operatorChangePasswordRequestSchema,
          response: { 200: operatorJwtResponseSchema },
        },
      },
      async (req) => ({
        data: await operatorPasswordService.changePassword(ctx, operatorOf(req), req.body, req.ip),
      }),
    );

    app.post(
      ADMIN_API_PATHS.twoFactorSetup,
      {
        config: { operatorRole: 'viewer', beforeTwoFactor: true },
        schema: {
          tags,
          security,
          summary: 'Start two-factor enrolment (current password)',
          body: operatorTwoFactorSetupRequestSchema,
          response: { 200: operatorTwoFactorSetupResponseSchema },
        },
      },
      async (req) => ({ data: await operatorTwoFactorService.setup(ctx, operatorOf(req), req.body.password) }),
    );

    app.post(
      ADMIN_API_PATHS.twoFactorEnable,
      {
        config: { operatorRole: 'viewer', beforeTwoFactor: true },
        schema: {
          tags,
          security,
          summary: 'Confirm two-factor with a code: recovery codes shown once',
          description: "Ends the operator's other sessions; `jwt` keeps this one going.",
          body: operatorTwoFactorCodeRequestSchema,
          response: { 200: operatorTwoFactorEnableResponseSchema },
        },
      },
      async (req) => ({ data: await operatorTwoFactorService.enable(ctx, operatorOf(req), req.body.code, req.ip) }),
    );

    app.post(
      ADMIN_API_PATHS.twoFactorDisable,
      {
        config: { operatorRole: 'viewer' },
        schema: {
          tags,
          security,
          summary: 'Turn two-factor off (a current or recovery code)',
          description: "Refused while the console requires two-factor. Ends the operator's other sessions.",
          body: operatorTwoFactorCodeRequestSchema,
          response: { 200: operatorJwtResponseSchema },
        },
      },
      async (req) => ({ data: await operatorTwoFactorService.disable(ctx, operatorOf(req), req.body.code, req.ip) }),
    );
  };

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

    app.post(
      ADMIN_API_PATHS.operatorResetLink,
      {
        config,
        schema: {
          ...base,
          summary: "A one-time reset link for another operator's password (answered once)",
          description:
            'For an active operator other than the caller (your own password: `me/password`): a set-password ' +
            'link that works once, within 72 hours; earlier links of theirs stop working. Setting the password ' +
            'through it ends every session of theirs. 404 for an unknown operator; 422 on `id` `0x4011` for the ' +
            'caller or a disabled operator. Audited as `operator.reset_link` (without the link).',
          params: operatorIdParamsSchema,
          body: noBodyRequestSchema,
          response: { 200: operatorResetLinkResponseSchema },
        },
      },
      async (req) => ({ data: await operatorsService.resetLinkFor(ctx, actorOf(req), req.params.id) }),
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
