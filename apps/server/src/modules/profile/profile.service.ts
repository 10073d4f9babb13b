import {
  ERROR_CODES,
  NOTIFICATION_SUBSCRIPTION_KEYS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type CurrentUser,
  type FieldError,
  type NotificationSubscriptionKey,
  type UpdatePasswordRequest,
  type UserProfile,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { isValidTimeZone, listTimeZones } from '../../lib/timezones.ts';
import { freshToken, type PublisherAuth } from '../../lib/request-identity.ts';
import { accountsService, type UserRow } from '../accounts/accounts.service.ts';
import { apiKeysService } from '../api-keys/api-keys.service.ts';
import { checkCurrentPassword } from '../accounts/current-password.ts';

const subscriptions = (user: UserRow) =>
  NOTIFICATION_SUBSCRIPTION_KEYS.filter((k) => user.notification_subscriptions.includes(k));

const profileOf = (user: UserRow): UserProfile => ({
  user_id: user.id,
  user_timezone: user.timezone,
  notification_subscriptions: subscriptions(user),
});

async function userOrFail(ctx: AppContext, userId: number) {
  const user = await accountsService.findUserById(ctx, userId);
  if (!user) throw notFound();
  return user;
}

export const profileService = {
  async me(ctx: AppContext, auth: PublisherAuth): Promise<CurrentUser> {
    const user = await userOrFail(ctx, auth.userId);
    const publisher = await accountsService.findPublisherById(ctx, auth.publisherId);
    if (!publisher) throw notFound();
    const manager = await accountsService.accountManagerOf(ctx, auth.publisherId);
    const linked = await accountsService.linkedPublishers(ctx, auth.userId);
    return {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      timezone: user.timezone,
      isLoggedIn: true,
      publisher_id: publisher.id,
      publisher_name: publisher.name,
      referral_code: publisher.referral_code,
      multi_account: linked.filter((p) => p.status === 'active').length > 1,
      two_factor_enabled: user.totp_enabled,
      account_manager_id: manager?.id ?? null,
      account_manager_name: manager?.name ?? null,
      account_manager_email: manager?.email ?? null,
      account_manager_phone: manager?.phone ?? null,
    };
  },

  manager: (ctx: AppContext, auth: PublisherAuth) =>
    accountsService.accountManagerOf(ctx, auth.publisherId).then((m) => m ?? null),

  profile: async (ctx: AppContext, auth: PublisherAuth) => profileOf(await userOrFail(ctx, auth.userId)),

  async updateTimezone(ctx: AppContext, auth: PublisherAuth, timezone: string, userId?: number) {
    if (userId !== undefined && userId !== auth.userId) throw notFound();
    if (!isValidTimeZone(timezone)) throw fieldError('user_timezone', ERROR_CODES.BAD_FORMAT, 'Unknown time zone.');
    await ctx.db.updateTable('users').set({ timezone }).where('id', '=', auth.userId).execute();
    return profileOf(await userOrFail(ctx, auth.userId));
  },

  async updateNotifications(ctx: AppContext, auth: PublisherAuth, keys: NotificationSubscriptionKey[]) {
    const unique = NOTIFICATION_SUBSCRIPTION_KEYS.filter((k) => keys.includes(k));
    await ctx.db
      .updateTable('users')
      .set({ notification_subscriptions: unique })
      .where('id', '=', auth.userId)
      .execute();
    return { notification_subscriptions: subscriptions(await userOrFail(ctx, auth.userId)) };
  },

  /**
   * Changes the password and revokes every earlier session token; the caller gets a fresh one. The
   * user's API keys stay (the owner has just proven the password) and the answer says how many.
   */
  async updatePassword(ctx: AppContext, auth: PublisherAuth, body: UpdatePasswordRequest) {
    const errors: Record<string, FieldError> = {};
    const current = body.current_password ?? '';
    const next = body.new_password ?? '';
    const verify = body.new_password_verify ?? '';
    if (!current)
      errors['current_password'] = { code: ERROR_CODES.MISSING, message: 'Please enter your current password.' };
    if (!next) errors['new_password'] = { code: ERROR_CODES.MISSING, message: 'Please enter a new password.' };
    else if (next.length < PASSWORD_MIN_LENGTH) {
      errors['new_password'] = {
        code: ERROR_CODES.TOO_SHORT_OR_INVALID,
        message: 'Please make sure your value is at least 8 characters long.',
      };
    } else if (next.length > PASSWORD_MAX_LENGTH) {
      errors['new_password'] = {
        code: ERROR_CODES.BAD_FORMAT,
        message: `Must be at most ${PASSWORD_MAX_LENGTH} characters.`,
      };
    }
    if (!verify)
      errors['new_password_verify'] = { code: ERROR_CODES.MISSING, message: 'Please confirm the new password.' };
    else if (verify.length < PASSWORD_MIN_LENGTH) {
      errors['new_password_verify'] = {
        code: ERROR_CODES.TOO_SHORT_OR_INVALID,
        message: 'Please make sure your value is at least 8 characters long.',
      };
    } else if (next && verify !== next) {
      errors['new_password_verify'] = { code: ERROR_CODES.MISMATCH, message: 'Passwords do not match.' };
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    await userOrFail(ctx, auth.userId);
    await checkCurrentPassword(ctx, auth.userId, current, 'current_password');
    // Hashed before the transaction: no lock is held while argon2 works.
    const passwordHash = await hashPassword(next);
    const { version, kept } = await ctx.db.transaction().execute(async (trx) => {
      const bumped = await accountsService.setPasswordHash(trx, auth.userId, passwordHash);
      return {
        version: bumped,
        kept: await apiKeysService.keepAfterPasswordChange(trx, auth.userId, bumped - 1, bumped),
      };
    });
    return { jwt: await freshToken(ctx, auth, version), api_keys_kept: kept };
  },

  timezones: () => listTimeZones(),
};
