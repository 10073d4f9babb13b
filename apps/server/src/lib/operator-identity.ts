import type { FastifyRequest } from 'fastify';
import type { OperatorRole } from '@portal/shared/admin/operators.constants';
import { unauthenticated } from './errors.ts';
import type { OperatorTokenPurpose } from './jwt.ts';

/**
 * The signed-in operator of a request of the operator API, as the scope's hook left it
 * (plugins/operator-auth.ts sets it; routes and services read it), and who writes, for the audit log.
 */

/** The operator a request of the operator API acts as, once its hook has let it in (plugins/operator-auth.ts). */
export interface OperatorAuth {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
  purpose: OperatorTokenPurpose;
  tokenVersion: number;
  sessionId: string;
  /** When the token expires, in seconds since 1970. */
  expiresAt: number;
  twoFactorEnabled: boolean;
  /** The console requires two-factor of every operator. */
  twoFactorRequired: boolean;
}

/**
 * Who is writing: an operator of the console, or the command line. Made once per request (or CLI
 * command) and handed to the services that write; it counts the entries recorded under it, so the
 * console can tell a write that recorded nothing (plugins/operator-auth.ts). Made by modules/audit
 * (`operatorActor`, `cliActor`).
 */
export interface Actor {
  operatorId: number | null;
  /** The operator's e-mail, or `cli:<os user>`: kept as it was when the entry was written. */
  label: string;
  address: string | null;
  recorded: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorAuth | null;
    /** Who writes, for the audit log (set with `operator`). */
    actor: Actor | null;
  }
}

/** The operator of a request on an authenticated operator route. */
export function operatorOf(request: FastifyRequest): OperatorAuth {
  if (!request.operator) throw unauthenticated();
  return request.operator;
}

/** Who writes, for a service's audit entries. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
