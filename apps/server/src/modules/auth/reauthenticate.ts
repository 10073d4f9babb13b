import { ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError, unauthenticated } from '../../lib/errors.ts';
import type { UserRow } from '../accounts/accounts.service.ts';
import { checkCurrentPassword } from '../accounts/current-password.ts';
import { twoFactorService } from '../two-factor/two-factor.service.ts';

/**
 * Proves, inside a request that already carries a session, that the person at the keyboard knows
 * the account's current password and, when two-factor authentication is on, holds its second
 * factor: a borrowed or stolen session alone is not enough to make a credential that outlives it
 * (an API key). Wrong passwords share the password change's budget per user (10 per 15 minutes);
 * codes go through the two-factor throttle (single use, per address and per user). Answers the
 * user's row.
 */
export async function reauthenticate(
  ctx: AppContext,
  userId: number,
  proof: { password?: string | null | undefined; code?: string | null | undefined },
  ip: string,
): Promise<UserRow> {
  if (!proof.password) throw fieldError('password', ERROR_CODES.MISSING, 'Please enter your current password.');
  const user = await checkCurrentPassword(ctx, userId, proof.password, 'password');
  if (!user) throw unauthenticated();
  if (user.totp_enabled) {
    if (!proof.code?.trim())
      throw fieldError(
        'code',
        ERROR_CODES.MISSING,
        'Please enter the code from your authenticator app (or a recovery code).',
      );
    await twoFactorService.checkCode(ctx, userId, proof.code, ip);
  }
  return user;
}
