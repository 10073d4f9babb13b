import { ERROR_CODES } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { beginAttempt, OPERATOR_ATTEMPT_POLICIES, type Attempt } from '../../lib/attempt-throttle.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { sha256 } from '../../lib/tokens.ts';
import { enforce, THROTTLE } from '../../lib/throttle.ts';
import type { OperatorAuth } from '../../lib/operator-identity.ts';
import { auditService, operatorActor } from '../audit/audit.service.ts';
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  otpauthUri,
} from '../two-factor/totp.ts';
import { operatorsRepository } from './operators.repository.ts';

const invalidCode = () => fieldError('code', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Invalid code');
const TOO_MANY = 'Too many attempts. Please try again later.';
/** The issuer an authenticator app shows beside the code, apart from the publisher portal's. */
const ISSUER = 'Publisher Portal console';

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

const throttleAttempt = (ctx: AppContext, operatorId: number, ip: string) =>
  beginAttempt(ctx.db, OPERATOR_ATTEMPT_POLICIES.twoFactor, String(operatorId), ip, TOO_MANY);

const freshToken = (ctx: AppContext, auth: OperatorAuth, version: number) =>
  ctx.jwt.signOperator({ operatorId: auth.id, purpose: 'access', version, sessionId: auth.sessionId });

/**
 * The operators' two-factor authentication: the publisher side's TOTP (modules/two-factor/totp.ts),
 * its throttles counted apart, each code usable once (the last used step is kept), ten recovery
 * codes shown once. Turning it on or off ends the operator's other sessions and is audited.
 */
export const operatorTwoFactorService = {
  async checkCode(ctx: AppContext, operatorId: number, code: string, ip: string): Promise<void> {
    const attempt = await throttleAttempt(ctx, operatorId, ip);
    await counted(attempt, async () => {
      const op = await operatorsRepository.findById(ctx.db, operatorId);
      if (!op || !op.totp_enabled || !op.totp_secret) throw invalidCode();
      const trimmed = code.trim();
      if (/^\d{6}$/.test(trimmed)) {
        const step = matchingStep(op.totp_secret, trimmed);
        if (step === null || !(await operatorsRepository.claimStep(ctx.db, operatorId, step))) throw invalidCode();
      } else if (
        !(await operatorsRepository.claimRecoveryCode(ctx.db, operatorId, sha256(normaliseRecoveryCode(trimmed))))
      ) {
        throw invalidCode();
      }
    });
  },

  /** Enrolment starts with the current password: a secret kept pending until a code confirms it. */
  async setup(ctx: AppContext, auth: OperatorAuth, password: string | null | undefined) {
    if (!password) throw fieldError('password', ERROR_CODES.MISSING, 'Please enter your current password.');
    await enforce(ctx.db, [`op-password-check:${auth.id}`], THROTTLE.loginPerAccount);
    const op = await operatorsRepository.findById(ctx.db, auth.id);
    if (!op) throw notFound();
    if (!op.password_hash || !(await verifyPassword(op.password_hash, password)))
      throw fieldError('password', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Invalid credentials.');
    if (op.totp_enabled)
      throw fieldError('code', ERROR_CODES.ALREADY_EXISTS, 'Two-factor authentication is already on.');
    const secret = newTotpSecret();
    await operatorsRepository.setPendingSecret(ctx.db, auth.id, secret);
    return { secret, otpauth_uri: otpauthUri(secret, op.email, ISSUER) };
  },

  async enable(ctx: AppContext, auth: OperatorAuth, code: string, ip: string) {
    const attempt = await throttleAttempt(ctx, auth.id, ip);
    const { secret, step } = await counted(attempt, async () => {
      const op = await operatorsRepository.findById(ctx.db, auth.id);
      if (!op) throw notFound();
      if (op.totp_enabled)
        throw fieldError('code', ERROR_CODES.ALREADY_EXISTS, 'Two-factor authentication is already on.');
      const matched = op.totp_pending_secret ? matchingStep(op.totp_pending_secret, code.trim()) : null;
      if (!op.totp_pending_secret || matched === null) throw invalidCode();
      return { secret: op.totp_pending_secret, step: matched };
    });
    const codes = newRecoveryCodes();
    const version = await auditService.write(ctx, operatorActor(auth, ip), async (trx, audit) => {
      await operatorsRepository.enableTwoFactor(
        trx,
        auth.id,
        secret,
        step,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
      await audit({
        action: 'operator.two_factor_on',
        objectType: 'operator',
        objectId: auth.id,
        before: { two_factor_enabled: false },
        after: { two_factor_enabled: true },
      });
      return operatorsRepository.bumpTokenVersion(trx, auth.id);
    });
    return { recovery_codes: codes, jwt: await freshToken(ctx, auth, version) };
  },

  /** Off with a current or recovery code; refused while the console requires two-factor. */
  async disable(ctx: AppContext, auth: OperatorAuth, code: string, ip: string) {
    if (auth.twoFactorRequired)
      throw fieldError(
        'code',
        ERROR_CODES.TOO_SHORT_OR_INVALID,
        'Two-factor authentication is required for every operator of this console.',
      );
    await operatorTwoFactorService.checkCode(ctx, auth.id, code, ip);
    const version = await auditService.write(ctx, operatorActor(auth, ip), async (trx, audit) => {
      await operatorsRepository.disableTwoFactor(trx, auth.id);
      await audit({
        action: 'operator.two_factor_off',
        objectType: 'operator',
        objectId: auth.id,
        before: { two_factor_enabled: true },
        after: { two_factor_enabled: false },
      });
      return operatorsRepository.bumpTokenVersion(trx, auth.id);
    });
    return { jwt: await freshToken(ctx, auth, version) };
  },
};
