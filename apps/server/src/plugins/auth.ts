import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenPurpose, VerifiedClaims } from '../lib/jwt.ts';
import { unauthenticated } from '../lib/errors.ts';
import type { AppContext } from '../context.ts';

export interface AuthState {
  userId: number;
  /** Set for access tokens; null for pending-2FA and select-account tokens. */
  publisherId: number | null;
  purpose: TokenPurpose;
  tokenVersion: number;
  /** The login session the token belongs to (claim `sid`); server logout ends it. */
  sessionId: string;
  /** When the token expires, in seconds since 1970. */
  expiresAt: number;
  /** The operator acting as the user (claim `act`), on sessions opened from a login code. */
  operator?: string;
}

/** An authenticated publisher request: the publisher account is always known. */
export interface PublisherAuth extends AuthState {
  publisherId: number;
  purpose: 'access';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

const bearer = (request: FastifyRequest): string | null => {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : null;
};

/**
 * Checks the token and then the database: the user still exists with the same token version, the
 * token's session has not logged out (one query for both), and for access tokens the user is
 * still linked to an active publisher (RELIABILITY A2, A3).
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

/** A preHandler that admits only tokens of the given purposes. */
export function requireAuth(ctx: AppContext, purposes: TokenPurpose[] = ['access']) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearer(request);
    if (!token) throw unauthenticated();
    const claims = await ctx.jwt.verify(token);
    if (!claims || !purposes.includes(claims.purpose)) throw unauthenticated();
    const auth = await resolve(ctx, claims);
    if (!auth) throw unauthenticated();
    request.auth = auth;
  };
}

/** The publisher behind an access-token request (call only on routes guarded by requireAuth()). */
export function publisherOf(request: FastifyRequest): PublisherAuth {
  const a = request.auth;
  if (!a || a.purpose !== 'access' || a.publisherId == null) throw unauthenticated();
  return a as PublisherAuth;
}
