import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, ERROR_CODES, type ApiKeyScope } from '@portal/shared';
import { roleAllows } from '@portal/shared/admin/operators.constants';
import type { TokenPurpose, VerifiedClaims } from '../lib/jwt.ts';
import { AppError, unauthenticated } from '../lib/errors.ts';
import type { AppContext } from '../context.ts';
import type { AuthState, PublisherAuth } from '../lib/request-identity.ts';
import { isPublisherOnly, isPublisherWrite, viewAsReadOnly, viewAsRefused } from '../lib/view-as.ts';
import { SESSION, sessionOrApiKey, type SecurityRequirement } from './openapi-security.ts';
import { apiKeysService, scopeAllows, type UsableApiKey } from '../modules/api-keys/api-keys.service.ts';
import { operatorsService } from '../modules/operators/operators.service.ts';

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
 * The operator behind a console view-as session (lib/view-as.ts), read afresh: false when the
 * session has ended (the operator disabled or gone, their own console session signed out, their
 * token version bumped by a disabling, a password or two-factor change; two-factor required by the
 * console and not on; a session made before it named the operator's session); otherwise whether
 * their role writes (manager and owner do).
 */
async function viewAsOperator(ctx: AppContext, claims: VerifiedClaims): Promise<{ mayWrite: boolean } | false> {
  const session = claims.operatorSession;
  if (!claims.operatorId || !session) return false;
  const op = await operatorsService.liveSession(ctx, claims.operatorId, session);
  if (!op) return false;
  return { mayWrite: roleAllows(op.role, 'manager') };
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
  // A console operator's view-as session lasts while they are active, and writes only if their role does.
  const viewAs = claims.operatorId ? await viewAsOperator(ctx, claims) : null;
  if (viewAs === false) return null;
  return {
    userId: claims.userId,
    publisherId: claims.publisherId,
    purpose: claims.purpose,
    tokenVersion: claims.version,
    sessionId: claims.sessionId,
    expiresAt: claims.expiresAt,
    ...(claims.operator ? { operator: claims.operator } : {}),
    ...(claims.operatorId && viewAs
      ? { operatorId: claims.operatorId, operatorMayWrite: viewAs.mayWrite, operatorSession: claims.operatorSession }
      : {}),
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The token purposes a session route takes (default: an access token only): the two-factor
     * step's pending token, the account choice's token (docs/security.md).
     */
    sessionPurposes?: TokenPurpose[];
    /** The least API key scope a route of the key scope needs (default `read`). */
    apiKeyScope?: ApiKeyScope;
    /** Open without a session too (a signed link checked by the route); a session, when sent, is checked. */
    sessionOptional?: boolean;
  }
}

/**
 * Authenticates a request: a token of one of `purposes`; with `apiKey`, also a publisher API key of
 * at least that scope. A key anywhere else is refused 401.
 */
async function authenticate(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  purposes: TokenPurpose[],
  apiKey?: ApiKeyScope,
): Promise<void> {
  const token = bearer(request);
  const headerKey = request.headers[API_KEY_HEADER];
  if (headerKey !== undefined) {
    if (request.headers.authorization !== undefined || !apiKey || typeof headerKey !== 'string')
      throw unauthenticated();
    return authenticateKey(ctx, request, reply, headerKey, apiKey);
  }
  if (!token) throw unauthenticated();
  if (isApiKeyShaped(token)) {
    if (!apiKey) throw unauthenticated();
    return authenticateKey(ctx, request, reply, token, apiKey);
  }
  const claims = await ctx.jwt.verify(token);
  if (!claims || !purposes.includes(claims.purpose)) throw unauthenticated();
  const auth = await resolve(ctx, claims);
  if (!auth) throw unauthenticated();
  request.auth = auth;
  if (auth.operatorId) {
    // The console's operator is on every log line of a view-as session's requests.
    request.log = request.log.child({ viewAsOperatorId: auth.operatorId });
    if (isPublisherOnly(request)) throw viewAsRefused();
    if (!auth.operatorMayWrite && isPublisherWrite(request)) throw viewAsReadOnly();
  }
}

/**
 * The hook of the session and log-in step scopes (plugins/publisher-api.ts): a token of the
 * purposes the route declares (`config.sessionPurposes`, an access token by default). API keys
 * answer 401. A route marked `sessionOptional` checks a session only when an Authorization header
 * is sent.
 */
export function requireSession(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const config = request.routeOptions.config;
    if (config.sessionOptional && !request.headers.authorization) return;
    await authenticate(ctx, request, reply, config.sessionPurposes ?? ['access']);
  };
}

/**
 * The key scope's onRequest hook: an access token, or an API key of at least the route's
 * `config.apiKeyScope` (`read` by default: reports, totals, offers, invoices; `read_write`:
 * postbacks and their deliveries).
 */
export function requireSessionOrApiKey(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> =>
    authenticate(ctx, request, reply, ['access'], request.routeOptions.config.apiKeyScope ?? 'read');
}

/** What a route of the session scope admits, as the API document says it. */
export const sessionSecurity = (config: { sessionOptional?: boolean } | undefined): SecurityRequirement[] =>
  config?.sessionOptional ? [{}, ...SESSION] : SESSION;

/** What a route of the key scope admits, as the API document says it. */
export const keySecurity = (config: { apiKeyScope?: ApiKeyScope } | undefined): SecurityRequirement[] =>
  sessionOrApiKey(config?.apiKeyScope ?? 'read');
