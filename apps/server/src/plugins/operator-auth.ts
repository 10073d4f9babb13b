import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ERROR_CODES } from '@portal/shared';
import { roleAllows, type OperatorRole } from '@portal/shared/admin/operators.constants';
import type { AppContext } from '../context.ts';
import { AppError, unauthenticated } from '../lib/errors.ts';
import { operatorActor } from '../modules/audit/audit.service.ts';
import { operatorSignInService } from '../modules/operators/operator-sign-in.service.ts';

/**
 * The operator API's authentication (docs/operator-console.md "The API's conventions"): one hook
 * for the whole `/api/admin/v1` scope, and one role declared per route.
 *
 * - The token is an operator token (audience `operator`): publisher tokens and API keys answer 401.
 * - The operator is read afresh each request: active, same token version, session not signed out.
 * - When the console requires two-factor and the operator has not turned it on, only the routes
 *   marked `beforeTwoFactor` (me, enrolment, sign-out) are open; the rest answer 403.
 * - The route's role (`config.operatorRole`; by default GET routes are open to viewers, every
 *   other route needs a manager) is checked against the operator's: 403 `0x4030` below it.
 * - A route that is not a GET nor marked `readOnly` and needs more than a viewer is a write of the
 *   network's data: answering 2xx without an audit entry is a bug, logged as an error (and a 500
 *   outside production, so a test finds it). A viewer's own writes (sign-out, two-factor) are not
 *   network data; those that matter record entries all the same.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The least role that may call this operator route (default: GET viewer, otherwise manager). */
    operatorRole?: OperatorRole;
    /** Open without an operator token (sign-in, set-password). */
    operatorPublic?: boolean;
    /** Takes the two-factor step's pending token instead of an access token. */
    operatorPendingTwoFactor?: boolean;
    /** Open while the operator must still turn on two-factor (me, enrolment, sign-out). */
    beforeTwoFactor?: boolean;
    /** A POST that only reads (a list): no audit entry expected of it. */
    readOnly?: boolean;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return m ? m[1]! : null;
};

const forbidden = (message: string) => new AppError(403, ERROR_CODES.FORBIDDEN, message);

/** The role a route needs: declared, or by its method (reads viewer, writes manager: closed by default). */
export function routeRole(
  config: { operatorRole?: OperatorRole } | undefined,
  method: string | string[],
): OperatorRole {
  if (config?.operatorRole) return config.operatorRole;
  return method === 'GET' || method === 'HEAD' ? 'viewer' : 'manager';
}

/** Refuses a route without a declared role that is not a GET: lists and writes are both POST. */
export function checkRouteDeclaration(route: RouteOptions): void {
  const config = route.config as { operatorRole?: OperatorRole; operatorPublic?: boolean } | undefined;
  if (config?.operatorPublic || config?.operatorRole) return;
  if (route.method === 'GET' || route.method === 'HEAD') return;
  throw new Error(`operator route ${String(route.method)} ${route.url} declares no operatorRole`);
}

/** The scope's onRequest hook. */
export function requireOperator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const config = request.routeOptions.config;
    if (config.operatorPublic) return;
    const token = bearer(request);
    // API keys and publisher tokens are not operator tokens: one answer for all of them.
    if (!token || request.headers['x-api-key'] !== undefined) throw unauthenticated();
    const auth = await operatorSignInService.authenticate(
      ctx,
      token,
      config.operatorPendingTwoFactor ? 'two_factor' : 'access',
    );
    if (!auth) throw unauthenticated();
    request.operator = auth;
    request.actor = operatorActor(auth, request.ip);
    if (auth.purpose === 'two_factor') return;
    if (auth.twoFactorRequired && !auth.twoFactorEnabled && !config.beforeTwoFactor)
      throw forbidden('Two-factor authentication is required for operators. Turn it on to continue.');
    const needed = routeRole(config, request.method);
    if (!roleAllows(auth.role, needed))
      throw forbidden(needed === 'owner' ? 'Only an owner of the console may do this.' : 'Your role may not do this.');
  };
}

/** The scope's onSend hook: a successful write without an audit entry is a bug (see above). */
export function auditCheck(ctx: AppContext) {
  const strict = ctx.config.NODE_ENV !== 'production';
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const config = request.routeOptions.config;
    if (!request.operator || config.readOnly || reply.statusCode >= 300) return payload;
    if (request.method === 'GET' || routeRole(config, request.method) === 'viewer') return payload;
    if ((request.actor?.recorded ?? 0) > 0) return payload;
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    request.log.error({ route }, 'operator write answered without an audit entry');
    if (!strict) return payload;
    void reply.code(500).type('application/json');
    return JSON.stringify({ error: { code: ERROR_CODES.SERVER, message: 'Something went wrong.' } });
  };
}
