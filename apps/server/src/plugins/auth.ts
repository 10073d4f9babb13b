import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, ERROR_CODES, type ApiKeyScope } from '@portal/shared';
import type { TokenPurpose, VerifiedClaims } from '../lib/jwt.ts';
import { AppError, unauthenticated } from '../lib/errors.ts';
import type { AppContext } from '../context.ts';
import type { AuthState, PublisherAuth } from './auth-state.ts';
import { admits, SESSION, sessionOrApiKey } from './openapi-security.ts';
import { apiKeysService, scopeAllows, type UsableApiKey } from '../modules/api-keys/api-keys.service.ts';

export type { AuthState, PublisherAuth };

const bearer = (request: FastifyRequest): string | null => {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : null;
};

const API_KEY_HEADER = 'x-api-key';
const isApiKeyShaped = (token: string) => token.startsWith(API_KEY_PREFIX);

/** A key acts as its publisher account and the user who made it, and as nothing else. */
const keyAuth = (key: UsableApiKey): PublisherAuth => ({
  userId: key.user_id,
  publisherId: key.publisher_id,
  purpose: 'access',
  tokenVersion: key.token_version,
  sessionId: `api-key:${key.prefix}`,
  expiresAt: 0,
  apiKey: { id: key.id, prefix: key.prefix, scope: key.scope },
});

/**
 * An API key from `X-Api-Key` or `Authorization: Bearer ppk_…`, checked (live, unexpired, of its
 * user's current token version, its scope enough for the route: 403 if not), then counted against
 * its rate limit (429 past it). Never both headers: a session token (or a second key) beside
 * `X-Api-Key` is refused, so a request never runs with two identities.
 */
async function authenticateKey(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  needs: ApiKeyScope,
) {
  const found = await apiKeysService.authenticate(ctx, key);
  if (!found) throw unauthenticated('Invalid or expired API key.');
  if (!scopeAllows(found.scope, needs))
    throw new AppError(
      403,
      ERROR_CODES.FORBIDDEN,
      `This API key has scope ${found.scope}: this call needs a key with scope ${needs}.`,
    );
  request.auth = keyAuth(found);
  const { limit, remaining } = await apiKeysService.charge(ctx, found);
  void reply.header('x-ratelimit-limit', String(limit)).header('x-ratelimit-remaining', String(remaining));
}

/**
 * Checks the token and then the database: the user still exists with the same token version, the
 * token's session has not logged out (one query for both), and for access tokens the user is
 * still linked to an active publisher (docs/reliability.md A2, A3).
 */
async function resolve(ctx: AppContext, claims: VerifiedClaims): Promise<AuthState | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'token_version'])
    .select((eb) =>
      eb.exists(eb.selectFrom('revoked_sessions').select('sid').where('sid', '=', claims.sessionId)).as('logged_out'),
    )
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  if (!user || user.token_version !== claims.version || user.logged_out) return null;
  if (claims.purpose === 'access') {
    if (claims.publisherId == null) return null;
    const link = await ctx.db
      .selectFrom('publisher_users')
      .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
      .select('publishers.status')
      .where('publisher_users.user_id', '=', claims.userId)
      .where('publisher_users.publisher_id', '=', claims.publisherId)
      .executeTakeFirst();
    if (!link || link.status !== 'active') return null;
  }
  return {
    userId: claims.userId,
    publisherId: claims.publisherId,
    purpose: claims.purpose,
    tokenVersion: claims.version,
    sessionId: claims.sessionId,
    expiresAt: claims.expiresAt,
    ...(claims.operator ? { operator: claims.operator } : {}),
  };
}

/**
 * A hook that admits only tokens of the given purposes; with `apiKey`, also a publisher API key of
 * at least that scope (`read`: reports, totals, offers, invoices; `read_write`: postbacks). A key
 * anywhere else is refused 401.
 */
export function requireAuth(
  ctx: AppContext,
  purposes: TokenPurpose[] = ['access'],
  opts: { apiKey?: ApiKeyScope } = {},
) {
  const hook = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(request);
    const headerKey = request.headers[API_KEY_HEADER];
    if (headerKey !== undefined) {
      if (request.headers.authorization !== undefined || !opts.apiKey || typeof headerKey !== 'string')
        throw unauthenticated();
      return authenticateKey(ctx, request, reply, headerKey, opts.apiKey);
    }
    if (!token) throw unauthenticated();
    if (isApiKeyShaped(token)) {
      if (!opts.apiKey) throw unauthenticated();
      return authenticateKey(ctx, request, reply, token, opts.apiKey);
    }
    const claims = await ctx.jwt.verify(token);
    if (!claims || !purposes.includes(claims.purpose)) throw unauthenticated();
    const auth = await resolve(ctx, claims);
    if (!auth) throw unauthenticated();
    request.auth = auth;
  };
  // The API document says of every route this guards what it admits (plugins/openapi.ts).
  return admits(hook, opts.apiKey ? sessionOrApiKey(opts.apiKey) : SESSION);
}

/**
 * Sessions or API keys of at least `scope`: the guard of the groups a key may call (`read`: reports,
 * totals, offers, invoices; `read_write`: postbacks and their deliveries).
 */
export const requireSessionOrApiKey = (ctx: AppContext, scope: ApiKeyScope = 'read') =>
  requireAuth(ctx, ['access'], { apiKey: scope });

/** The publisher behind an access-token request (call only on routes guarded by requireAuth()). */
export function publisherOf(request: FastifyRequest): PublisherAuth {
  const a = request.auth;
  if (!a || a.purpose !== 'access' || a.publisherId == null) throw unauthenticated();
  return a as PublisherAuth;
}
