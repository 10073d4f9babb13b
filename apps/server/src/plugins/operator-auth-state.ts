import type { OperatorRole } from '@portal/shared/admin/operators.constants';
import type { OperatorTokenPurpose } from '../lib/jwt.ts';

/** The operator a request of the operator API acts as, once its hook has let it in (operator-auth.ts). */
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
