import { ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { enforce, giveBack, THROTTLE } from '../../lib/throttle.ts';
import { accountsService, type UserRow } from './accounts.service.ts';

/**
 * The account's current password, checked against the password change's budget per user (10 per
 * 15 minutes), which every call asking for it shares (password change, API keys, two-factor setup,
 * payment details). Charged before the check so parallel guesses cannot race past it; the right
 * password gives its charge back, so only wrong ones spend the budget. A wrong one is refused at
 * `field`; answers the user's row, or null when the user is gone.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  userId: number,
  password: string,
  field: string,
): Promise<UserRow | null> {
  const budget = `password-change:user:${userId}`;
  await enforce(ctx.db, [budget], THROTTLE.loginPerAccount);
  const user = await accountsService.findUserById(ctx, userId);
  if (!user) return null;
  if (!(await verifyPassword(user.password_hash, password)))
    throw fieldError(field, ERROR_CODES.TOO_SHORT_OR_INVALID, 'Invalid credentials.');
  await giveBack(ctx.db, budget);
  return user;
}
