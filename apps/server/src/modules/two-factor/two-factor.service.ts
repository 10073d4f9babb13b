import { ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { ATTEMPT_POLICIES, beginAttempt, type Attempt } from '../../lib/attempt-throttle.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { freshToken, type PublisherAuth } from '../../lib/request-identity.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri } from './totp.ts';
import { checkCurrentPassword } from '../accounts/current-password.ts';

export const invalidCode = () => fieldError('code', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Invalid code');

const TOO_MANY = 'Too many attempts. Please try again later.';

/**
 * Every code attempt is counted per address, per user and address, and (failures only) per user
 * before it is checked, so parallel guesses cannot race past the limit (lib/attempt-throttle.ts):
 * one address's wrong codes slow that address down, not the user's own; past a hard limit of
 * failures per user every address waits, since a six-digit code must not be outguessed by many
 * addresses (and reaching this step needs the password already).
 */
const throttleAttempt = (ctx: AppContext, userId: number, ip: string): Promise<Attempt> =>
  beginAttempt(ctx.db, ATTEMPT_POLICIES.twoFactor, String(userId), ip, TOO_MANY);

/** Runs `check`, reporting its outcome to the attempt: a thrown error is a failed try. */
async function counted<T>(attempt: Attempt, check: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await check();
  } catch (err) {
    await attempt.failed();
    throw err;
  }
  await attempt.succeeded();
  return result;
}

export const twoFactorService = {
  /**
   * Accepts a current TOTP code once (its time step is recorded) or an unused recovery code.
   * Wrong codes are throttled per user (docs/reliability.md A5).
   */
  async checkCode(ctx: AppContext, userId: number, code: string, ip: string): Promise<void> {
    const attempt = await throttleAttempt(ctx, userId, ip);
    await counted(attempt, async () => {
      const user = await accountsService.findUserById(ctx, userId);
      if (!user || !user.totp_enabled || !user.totp_secret) throw invalidCode();
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) {
        const step = matchingStep(user.totp_secret, trimmed);
        if (step === null || !(await twoFactorRepository.claimStep(ctx.db, userId, step))) throw invalidCode();
      } else {
        const ok = await twoFactorRepository.claimRecoveryCode(ctx.db, userId, sha256(normaliseRecoveryCode(trimmed)));
        if (!ok) throw invalidCode();
      }
    });
  },

  async status(ctx: AppContext, userId: number) {
    const user = await accountsService.findUserById(ctx, userId);
    if (!user) throw notFound();
    return {
      enabled: user.totp_enabled,
      recovery_codes_left: user.totp_enabled ? await twoFactorRepository.countUnusedRecoveryCodes(ctx.db, userId) : 0,
    };
  },

  /**
   * Starts enrolment once the current password is given: a new secret kept pending until
   * confirmed with a code. Only this call reveals the secret, so confirming it (which needs a code
   * from it) is as good as the password. Wrong passwords share the password change's budget.
   */
  async setup(ctx: AppContext, userId: number, password: string | null | undefined) {
    if (!password) throw fieldError('password', ERROR_CODES.MISSING, 'Please enter your current password.');
    const user = await checkCurrentPassword(ctx, userId, password, 'password');
    if (!user) throw notFound();
    if (user.totp_enabled)
      throw fieldError('code', ERROR_CODES.ALREADY_EXISTS, 'Two-factor authentication is already on.');
    const secret = newTotpSecret();
    await twoFactorRepository.setPendingSecret(ctx.db, userId, secret);
    return { secret, otpauth_uri: otpauthUri(secret, user.email, 'Publisher Portal') };
  },

  /** Confirms enrolment with a code; every other session ends, the caller gets a fresh token. */
  async enable(ctx: AppContext, auth: PublisherAuth, code: string, ip: string) {
    const userId = auth.userId;
    const attempt = await throttleAttempt(ctx, userId, ip);
    const { secret, step } = await counted(attempt, async () => {
      const user = await accountsService.findUserById(ctx, userId);
      if (!user) throw notFound();
      if (user.totp_enabled)
        throw fieldError('code', ERROR_CODES.ALREADY_EXISTS, 'Two-factor authentication is already on.');
      const pending = user.totp_pending_secret;
      const matched = pending ? matchingStep(pending, code.trim()) : null;
      if (!pending || matched === null) throw invalidCode();
      return { secret: pending, step: matched };
    });
    const codes = newRecoveryCodes();
    const version = await ctx.db.transaction().execute(async (trx) => {
      await twoFactorRepository.enable(
        trx,
        userId,
        secret,
        step,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
      return accountsService.bumpTokenVersion(trx, userId);
    });
    return { enabled: true as const, recovery_codes: codes, jwt: await freshToken(ctx, auth, version) };
  },

  /** Turns it off with a current or recovery code; every other session ends, the caller gets a fresh token. */
  async disable(ctx: AppContext, auth: PublisherAuth, code: string, ip: string): Promise<{ jwt: string }> {
    await twoFactorService.checkCode(ctx, auth.userId, code, ip);
    const version = await ctx.db.transaction().execute(async (trx) => {
      await twoFactorRepository.disable(trx, auth.userId);
      return accountsService.bumpTokenVersion(trx, auth.userId);
    });
    return { jwt: await freshToken(ctx, auth, version) };
  },
};
