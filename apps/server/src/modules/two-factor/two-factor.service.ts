import { ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { enforce, reset, THROTTLE } from '../../lib/throttle.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { twoFactorRepository } from './two-factor.repository.ts';
import { matchingStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri } from './totp.ts';

export const invalidCode = () => fieldError('code', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Invalid code');

const TOO_MANY = 'Too many attempts. Please try again later.';

/**
 * Every code attempt counts against the user and the client address before it is checked, so
 * parallel guesses cannot race past the limit; a right code clears the user's count (as a good
 * password does for login).
 */
async function throttleAttempt(ctx: AppContext, userId: number, ip: string | undefined): Promise<string> {
  const userKey = `2fa:user:${userId}`;
  if (ip !== undefined) await enforce(ctx.db, [`2fa:ip:${ip}`], THROTTLE.twoFactorPerAddress, TOO_MANY);
  await enforce(ctx.db, [userKey], THROTTLE.twoFactorPerUser, TOO_MANY);
  return userKey;
}

export const twoFactorService = {
  /**
   * Accepts a current TOTP code once (its time step is recorded) or an unused recovery code.
   * Wrong codes are throttled per user (RELIABILITY A5).
   */
  async checkCode(ctx: AppContext, userId: number, code: string, ip?: string): Promise<void> {
    const userKey = await throttleAttempt(ctx, userId, ip);
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
    await reset(ctx.db, userKey);
  },

  async status(ctx: AppContext, userId: number) {
    const user = await accountsService.findUserById(ctx, userId);
    if (!user) throw notFound();
    return {
      enabled: user.totp_enabled,
      recovery_codes_left: user.totp_enabled ? await twoFactorRepository.countUnusedRecoveryCodes(ctx.db, userId) : 0,
    };
  },

  /** Starts enrolment: a new secret kept pending until confirmed with a code. */
  async setup(ctx: AppContext, userId: number) {
    const user = await accountsService.findUserById(ctx, userId);
    if (!user) throw notFound();
    if (user.totp_enabled) throw fieldError('code', ERROR_CODES.ALREADY_EXISTS, 'Two-factor authentication is already on.');
    const secret = newTotpSecret();
    await twoFactorRepository.setPendingSecret(ctx.db, userId, secret);
    return { secret, otpauth_uri: otpauthUri(secret, user.email, 'Publisher Portal') };
  },

  async enable(ctx: AppContext, userId: number, code: string, ip?: string) {
    const userKey = await throttleAttempt(ctx, userId, ip);
    const user = await accountsService.findUserById(ctx, userId);
    if (!user) throw notFound();
    if (user.totp_enabled) throw fieldError('code', ERROR_CODES.ALREADY_EXISTS, 'Two-factor authentication is already on.');
    const secret = user.totp_pending_secret;
    const step = secret ? matchingStep(secret, code.trim()) : null;
    if (!secret || step === null) throw invalidCode();
    const codes = newRecoveryCodes();
    await ctx.db.transaction().execute((trx) =>
      twoFactorRepository.enable(trx, userId, secret, step, codes.map((c) => sha256(normaliseRecoveryCode(c)))),
    );
    await reset(ctx.db, userKey);
    return { enabled: true as const, recovery_codes: codes };
  },

  async disable(ctx: AppContext, userId: number, code: string, ip?: string) {
    await twoFactorService.checkCode(ctx, userId, code, ip);
    await ctx.db.transaction().execute((trx) => twoFactorRepository.disable(trx, userId));
  },
};
