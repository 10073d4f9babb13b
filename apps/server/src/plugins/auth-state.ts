import type { ApiKeyScope } from '@portal/shared';
import type { TokenPurpose } from '../lib/jwt.ts';

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
   * session write (read afresh each request; plugins/view-as.ts).
   */
  operatorId?: number;
  operatorMayWrite?: boolean;
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
