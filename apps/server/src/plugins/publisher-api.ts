import type { FastifyInstance, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { API_BASE } from '@portal/shared';
import type { AppContext } from '../context.ts';
import { keySecurity, requireSession, requireSessionOrApiKey, sessionSecurity } from './auth.ts';
import { markSecurity, type SecurityRequirement } from './openapi-security.ts';
import { auditViewAsWrites } from './view-as-audit.ts';
import { healthRoutes } from '../modules/health/health.routes.ts';
import { authRoutes, authSessionRoutes } from '../modules/auth/auth.routes.ts';
import { loginCodesRoutes } from '../modules/login-codes/login-codes.routes.ts';
import { sessionsRoutes } from '../modules/auth/sessions.routes.ts';
import { twoFactorRoutes } from '../modules/two-factor/two-factor.routes.ts';
import { signupRoutes } from '../modules/signup/signup.routes.ts';
import { passwordResetRoutes } from '../modules/password-reset/password-reset.routes.ts';
import { profileRoutes } from '../modules/profile/profile.routes.ts';
import { paymentDetailsRoutes } from '../modules/payment-details/payment-details.routes.ts';
import { geoRoutes } from '../modules/geo/geo.routes.ts';
import { postbackDeliveriesRoutes } from '../modules/postback-deliveries/postback-deliveries.routes.ts';
import { offersRoutes } from '../modules/offers/offers.routes.ts';
import { postbacksRoutes } from '../modules/postbacks/postbacks.routes.ts';
import { postbackSigningRoutes } from '../modules/postbacks/postback-signing.routes.ts';
import { reportsRoutes } from '../modules/reports/reports.routes.ts';
import { notificationsRoutes } from '../modules/notifications/notifications.routes.ts';
import { invoicesRoutes } from '../modules/invoices/invoices.routes.ts';
import { exportsRoutes } from '../modules/exports/exports.routes.ts';
import { apiKeysRoutes } from '../modules/api-keys/api-keys.routes.ts';

type Scope = FastifyInstance;

/**
 * One authenticated scope: its hook guards every route registered in it, and its onRoute hook marks
 * each route with what the hook admits, for the API document (plugins/openapi.ts).
 */
async function guarded(
  scope: Scope,
  phase: 'onRequest' | 'preHandler',
  hook: preHandlerAsyncHookHandler,
  security: (config: RouteOptions['config']) => SecurityRequirement[],
  register: () => Promise<void>,
): Promise<void> {
  scope.addHook('onRoute', (route) => markSecurity(route, security(route.config)));
  if (phase === 'onRequest') scope.addHook('onRequest', hook);
  else scope.addHook('preHandler', hook);
  await register();
}

/**
 * The publisher API (/api/v1, docs/api.md) in scopes, each with one authentication hook:
 *
 * - public: health, log-in, sign-up, password reset, geo lists; no hook.
 * - log-in steps: the two-factor code, the account choice, log-out. Each route declares the tokens
 *   it takes (`config.sessionPurposes`: the pending two-factor token, the account-choice token, an
 *   access token); checked after the body, as the log-in itself checks its credentials.
 * - session: an access token, checked before the body is parsed (an anonymous caller learns
 *   nothing from validation); a route may take a signed link instead (`config.sessionOptional`).
 * - session or API key: reports, totals, offers, invoices (a key of scope `read`), postbacks and
 *   their deliveries (`config.apiKeyScope: 'read_write'`); checked before the body too.
 *
 * API keys answer 401 outside the last scope (plugins/auth.ts).
 * A module with routes in several scopes exports each set (auth: `authRoutes`, `authSessionRoutes`).
 * No route attaches authentication itself.
 */
export async function registerPublisherApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(
    async (api) => {
      api.addHook('onSend', auditViewAsWrites(ctx));
      await api.register(async (open) => {
        await open.register(healthRoutes(ctx));
        await open.register(authRoutes(ctx));
        await open.register(loginCodesRoutes(ctx));
        await open.register(signupRoutes(ctx));
        await open.register(passwordResetRoutes(ctx));
        await open.register(geoRoutes(ctx));
      });
      await api.register((steps) =>
        guarded(steps, 'preHandler', requireSession(ctx), sessionSecurity, async () => {
          await steps.register(authSessionRoutes(ctx));
          await steps.register(sessionsRoutes(ctx));
        }),
      );
      await api.register((session) =>
        guarded(session, 'onRequest', requireSession(ctx), sessionSecurity, async () => {
          await session.register(twoFactorRoutes(ctx));
          await session.register(profileRoutes(ctx));
          await session.register(paymentDetailsRoutes(ctx));
          await session.register(notificationsRoutes(ctx));
          await session.register(exportsRoutes(ctx));
          await session.register(apiKeysRoutes(ctx));
          await session.register(postbackSigningRoutes(ctx));
        }),
      );
      await api.register((keyed) =>
        guarded(keyed, 'onRequest', requireSessionOrApiKey(ctx), keySecurity, async () => {
          await keyed.register(postbackDeliveriesRoutes(ctx));
          await keyed.register(offersRoutes(ctx));
          await keyed.register(postbacksRoutes(ctx));
          await keyed.register(reportsRoutes(ctx));
          await keyed.register(invoicesRoutes(ctx));
        }),
      );
    },
    { prefix: API_BASE },
  );
}
