import { ERROR_CODES, type FieldError } from '@portal/shared';
import type { OperatorMe } from '@portal/shared/admin/operators.schemas';
import type { AppContext } from '../../context.ts';
import type { OperatorTokenPurpose } from '../../lib/jwt.ts';
import { AppError, badCredentials, fieldErrors } from '../../lib/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { beginAttempt, OPERATOR_ATTEMPT_POLICIES } from '../../lib/attempt-throttle.ts';
import { newDeviceCookie, OPERATOR_DEVICE, trustedDeviceId } from '../../lib/trusted-device.ts';
import type { OperatorAuth } from '../../lib/operator-identity.ts';
import { auditService, operatorActor, type Actor } from '../audit/audit.service.ts';
import type { OperatorRecord } from './operators.repository.ts';
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

/** Why a sign-in failed, as the audit log keeps it. */
export type SignInFailure = 'unknown_email' | 'wrong_password' | 'no_password' | 'disabled' | 'wrong_code';

/**
 * A failed sign-in in the audit log: under the operator when the e-mail is one, otherwise under the
 * e-mail as typed (its shape checked, so a password typed there by mistake is refused before this).
 */
async function signInFailed(
  ctx: AppContext,
  op: Pick<OperatorRecord, 'id' | 'email'> | undefined,
  email: string,
  ip: string,
  reason: SignInFailure,
): Promise<void> {
  const actor: Actor = op
    ? operatorActor(op, ip)
    : { operatorId: null, label: email.toLowerCase(), address: ip, recorded: 0 };
  await auditService.record(ctx.db, actor, {
    action: 'operator.sign_in_failed',
    objectType: 'operator',
    objectId: op?.id ?? null,
    before: null,
    after: { reason },
  });
}

/** A sign-in that opened a session: the last sign-in time, and the audit log. */
async function signedIn(ctx: AppContext, op: { id: number; email: string }, ip: string, twoFactor: boolean) {
  await operatorsRepository.touchLogin(ctx.db, op.id);
  await auditService.record(ctx.db, operatorActor(op, ip), {
    action: 'operator.signed_in',
    objectType: 'operator',
    objectId: op.id,
    before: null,
    after: { two_factor: twoFactor },
  });
}

/**
 * Signing in and out of the console, and the check behind every operator request (plugins/operator-auth.ts).
 */
export const operatorSignInService = {
  /**
   * Checks e-mail and password under the sign-in throttle, keyed by account and address, or by
   * account and device for a browser that signed in to this account before (lib/trusted-device.ts).
   * Answers the first token and a fresh trusted-device cookie for this browser (`device`). Every
   * sign-in and every failed one is in the audit log, with the reason and never the password.
   */
  async login(
    ctx: AppContext,
    rawEmail: string | null | undefined,
    rawPassword: string | null | undefined,
    ip: string,
    deviceCookie?: string,
  ) {
    const email = (rawEmail ?? '').trim();
    const password = rawPassword ?? '';
    checkCredentialsShape(email, password);
    // The publisher's budgets, counted apart (lib/attempt-throttle.ts).
    const device = trustedDeviceId(ctx, OPERATOR_DEVICE, deviceCookie, email);
    const attempt = await beginAttempt(
      ctx.db,
      OPERATOR_ATTEMPT_POLICIES.login,
      email.toLowerCase(),
      ip,
      undefined,
      device,
    );
    const op = await operatorsRepository.findByEmail(ctx.db, email);
    // An invited operator who has not set a password yet costs the same time as a wrong one.
    const ok = op?.password_hash
      ? await verifyPassword(op.password_hash, password)
      : await verifyAgainstDummy(password);
    if (!op || !ok) {
      await attempt.failed();
      await signInFailed(
        ctx,
        op,
        email,
        ip,
        !op ? 'unknown_email' : op.password_hash ? 'wrong_password' : 'no_password',
      );
      throw badCredentials();
    }
    await attempt.succeeded();
    if (op.status !== 'active') {
      await signInFailed(ctx, op, email, ip, 'disabled');
      throw disabled();
    }
    const trusted = newDeviceCookie(ctx, OPERATOR_DEVICE, email);
    if (op.totp_enabled) {
      const jwt = await ctx.jwt.signOperator({ operatorId: op.id, purpose: 'two_factor', version: op.token_version });
      return { data: { jwt, two_factor_required: true }, device: trusted };
    }
    await signedIn(ctx, op, ip, false);
    const jwt = await ctx.jwt.signOperator({ operatorId: op.id, purpose: 'access', version: op.token_version });
    return { data: { jwt, two_factor_required: false }, device: trusted };
  },

  /** The two-factor step: a code (or recovery code) for the pending token's operator, same session. */
  async verifyCode(ctx: AppContext, auth: OperatorAuth, code: string, ip: string) {
    try {
      await operatorTwoFactorService.checkCode(ctx, auth.id, code, ip);
    } catch (err) {
      // A wrong code; a throttled try (429) checked nothing and is not an attempt of its own.
      if (err instanceof AppError && err.statusCode === 422)
        await signInFailed(ctx, auth, auth.email, ip, 'wrong_code');
      throw err;
    }
    await signedIn(ctx, auth, ip, true);
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
