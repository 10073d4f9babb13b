import { ERROR_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type FieldError } from '@portal/shared';
import type { OperatorMe, OperatorSetPasswordRequest } from '@portal/shared/admin/operators.schemas';
import type { AppContext } from '../../context.ts';
import type { OperatorTokenPurpose } from '../../lib/jwt.ts';
import { AppError, badCredentials, fieldErrors } from '../../lib/errors.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { beginAttempt, forgetFailures, OPERATOR_ATTEMPT_POLICIES } from '../../lib/attempt-throttle.ts';
import { enforce, THROTTLE } from '../../lib/throttle.ts';
import { throttleAddress } from '../../lib/client-address.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { OperatorAuth } from '../../lib/operator-identity.ts';
import { auditService, operatorActor } from '../audit/audit.service.ts';
import { operatorsRepository } from './operators.repository.ts';
import { operatorTwoFactorService } from './operator-two-factor.service.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

const disabled = () =>
  new AppError(403, ERROR_CODES.FORBIDDEN, 'This operator account is disabled. Please ask an owner of the console.');

/** The same field errors as the publisher's login form (docs/errors.md). */
function checkCredentialsShape(email: string, password: string): void {
  const errors: Record<string, FieldError> = {};
  if (!email) errors['email'] = { code: ERROR_CODES.MISSING, message: 'Must provide valid email address.' };
  else if (!EMAIL_SHAPE.test(email))
    errors['email'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Must provide valid email address.' };
  if (!password) errors['password'] = { code: ERROR_CODES.MISSING, message: 'Must provide a password.' };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** The password rules of the publisher's reset form, on this form's field names. */
function checkNewPassword(pw: string, verify: string): void {
  const errors: Record<string, FieldError> = {};
  if (!pw) errors['password'] = { code: ERROR_CODES.MISSING, message: 'Please enter a password' };
  else if (pw.length < PASSWORD_MIN_LENGTH)
    errors['password'] = { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: 'Password must be at least 8 characters' };
  else if (pw.length > PASSWORD_MAX_LENGTH)
    errors['password'] = {
      code: ERROR_CODES.BAD_FORMAT,
      message: `Must be at most ${PASSWORD_MAX_LENGTH} characters.`,
    };
  if (!verify) errors['password_verify'] = { code: ERROR_CODES.MISSING, message: 'Please confirm your password' };
  else if (pw && verify !== pw)
    errors['password_verify'] = { code: ERROR_CODES.MISMATCH, message: 'Passwords do not match.' };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

export const LINK_REFUSED_MESSAGE = 'This link has expired or was already used. Please ask an owner for a new one.';

/**
 * Signing in and out of the console, setting a password from a one-time link, and the check behind
 * every operator request (plugins/operator-auth.ts).
 */
export const operatorSignInService = {
  async login(
    ctx: AppContext,
    rawEmail: string | null | undefined,
    rawPassword: string | null | undefined,
    ip: string,
  ) {
    const email = (rawEmail ?? '').trim();
    const password = rawPassword ?? '';
    checkCredentialsShape(email, password);
    // The publisher's budgets, counted apart (lib/attempt-throttle.ts).
    const attempt = await beginAttempt(ctx.db, OPERATOR_ATTEMPT_POLICIES.login, email.toLowerCase(), ip);
    const op = await operatorsRepository.findByEmail(ctx.db, email);
    // An invited operator who has not set a password yet costs the same time as a wrong one.
    const ok = op?.password_hash
      ? await verifyPassword(op.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!op || !ok) {
      await attempt.failed();
      throw badCredentials();
    }
    await attempt.succeeded();
    if (op.status !== 'active') throw disabled();
    if (op.totp_enabled) {
      const jwt = await ctx.jwt.signOperator({ operatorId: op.id, purpose: 'two_factor', version: op.token_version });
      return { jwt, two_factor_required: true };
    }
    await operatorsRepository.touchLogin(ctx.db, op.id);
    const jwt = await ctx.jwt.signOperator({ operatorId: op.id, purpose: 'access', version: op.token_version });
    return { jwt, two_factor_required: false };
  },

  /** The two-factor step: a code (or recovery code) for the pending token's operator, same session. */
  async verifyCode(ctx: AppContext, auth: OperatorAuth, code: string, ip: string) {
    await operatorTwoFactorService.checkCode(ctx, auth.id, code, ip);
    await operatorsRepository.touchLogin(ctx.db, auth.id);
    return {
      jwt: await ctx.jwt.signOperator({
        operatorId: auth.id,
        purpose: 'access',
        version: auth.tokenVersion,
        sessionId: auth.sessionId,
      }),
    };
  },

  /** Ends this session at once: its tokens are refused until the last of them would have expired. */
  async logout(ctx: AppContext, auth: OperatorAuth): Promise<{ success: true }> {
    const lastExpiry = Math.max(auth.expiresAt * 1000, Date.now() + ctx.config.ACCESS_TOKEN_TTL_MINUTES * 60_000);
    await operatorsRepository.revokeSession(ctx.db, auth.id, auth.sessionId, new Date(lastExpiry));
    return { success: true };
  },

  /**
   * Sets the password from a one-time link (an invitation or `operator:create`): the link is claimed
   * by one UPDATE, works once and expires; every earlier session of the operator ends.
   */
  async setPassword(ctx: AppContext, body: OperatorSetPasswordRequest, ip: string): Promise<{ email: string }> {
    await enforce(ctx.db, [`op-set-password:ip:${throttleAddress(ip)}`], THROTTLE.resetPerAddress);
    const password = body.password ?? '';
    checkNewPassword(password, body.password_verify ?? '');
    const passwordHash = await hashPassword(password);
    const email = await ctx.db.transaction().execute(async (trx) => {
      const claimed = await operatorsRepository.claimPasswordToken(trx, sha256(body.token));
      if (!claimed) return null;
      const op = await operatorsRepository.findById(trx, claimed.operator_id);
      if (!op || op.status !== 'active') return null;
      await operatorsRepository.setPassword(trx, op.id, passwordHash);
      await auditService.record(trx, operatorActor(op, ip), {
        action: 'operator.set_password',
        objectType: 'operator',
        objectId: op.id,
        before: { password_set: op.password_hash !== null },
        after: { password_set: true },
      });
      return op.email;
    });
    if (email === null)
      throw fieldErrors(
        { token: { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: LINK_REFUSED_MESSAGE } },
        LINK_REFUSED_MESSAGE,
      );
    // Whoever holds the link is no longer held back by earlier failed sign-ins.
    await forgetFailures(ctx.db, OPERATOR_ATTEMPT_POLICIES.login, email.toLowerCase());
    return { email };
  },

  async me(ctx: AppContext, auth: OperatorAuth): Promise<OperatorMe> {
    return {
      id: auth.id,
      email: auth.email,
      name: auth.name,
      role: auth.role,
      two_factor_enabled: auth.twoFactorEnabled,
      recovery_codes_left: auth.twoFactorEnabled
        ? await operatorsRepository.countUnusedRecoveryCodes(ctx.db, auth.id)
        : 0,
      two_factor_required: auth.twoFactorRequired,
    };
  },

  /**
   * The operator a token stands for, read afresh on every request (so a role change, a disabled
   * account or a sign-out counts at once), or null: not an operator token of this purpose, an
   * unknown or disabled operator, an older token version, a signed-out session.
   */
  async authenticate(ctx: AppContext, token: string, purpose: OperatorTokenPurpose): Promise<OperatorAuth | null> {
    const claims = await ctx.jwt.verifyOperator(token);
    if (!claims || claims.purpose !== purpose) return null;
    const op = await operatorsRepository.findForSession(ctx.db, claims.operatorId, claims.sessionId);
    if (!op || op.signed_out || op.status !== 'active' || op.token_version !== claims.version) return null;
    return {
      id: op.id,
      email: op.email,
      name: op.name,
      role: op.role,
      purpose,
      tokenVersion: op.token_version,
      sessionId: claims.sessionId,
      expiresAt: claims.expiresAt,
      twoFactorEnabled: op.totp_enabled,
      twoFactorRequired: op.require_2fa === 'true',
    };
  },
};
