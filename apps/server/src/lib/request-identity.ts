import type { FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '@portal/shared';
import type { AppContext } from '../context.ts';
import { unauthenticated } from './errors.ts';
import type { TokenPurpose } from './jwt.ts';

/**
 * The signed-in publisher of a request of the publisher API, as the scope's hook left it
 * (plugins/auth.ts sets it; routes and services read it): who acts, for which publisher account,
 * through which session or API key.
 */

/** Who a request acts as, once the auth hook has let it in (plugins/auth.ts). */
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
  /**
   * The console's operator acting as the user (claim `act.oid`), and whether their role lets the
   * session write (read afresh each request; lib/view-as.ts).
   */
  operatorId?: number;
  operatorMayWrite?: boolean;
  /** The operator's own console session the view-as session lasts with (claims `act.osid`, `act.over`). */
  operatorSession?: { sid: string; version: number };
  /** Set when an API key, not a session, authenticated the request: its id, shown prefix and scope. */
  apiKey?: { id: number; prefix: string; scope: ApiKeyScope };
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

/** The publisher behind an access-token request (call only on routes of the session or key scopes). */
export function publisherOf(request: FastifyRequest): PublisherAuth {
  const a = request.auth;
  if (!a || a.purpose !== 'access' || a.publisherId == null) throw unauthenticated();
  return a as PublisherAuth;
}

/** A fresh access token for the caller's session after its version was bumped to `version`. */
export function freshToken(ctx: AppContext, auth: PublisherAuth, version: number): Promise<string> {
  // A view-as session keeps its end (at most 30 minutes from its start, lib/view-as.ts).
  const keepEnd = auth.operatorId ? Math.max(1, auth.expiresAt - Math.floor(Date.now() / 1000)) : undefined;
  return ctx.jwt.sign(
    {
      userId: auth.userId,
      publisherId: auth.publisherId,
      purpose: 'access',
      version,
      sessionId: auth.sessionId,
      // An operator's session stays marked as theirs.
      ...(auth.operator ? { operator: auth.operator } : {}),
      ...(auth.operatorId ? { operatorId: auth.operatorId } : {}),
      ...(auth.operatorSession ? { operatorSession: auth.operatorSession } : {}),
    },
    keepEnd,
  );
}
