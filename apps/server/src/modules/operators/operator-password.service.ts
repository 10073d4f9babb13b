import { ERROR_CODES, type FieldError } from '@portal/shared';
import type { OperatorChangePasswordRequest, OperatorSetPasswordRequest } from '@portal/shared/admin/operators.schemas';
import type { AppContext } from '../../context.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { checkNewPassword, newPasswordErrors } from '../../lib/password-rules.ts';
import { forgetFailures, OPERATOR_ATTEMPT_POLICIES } from '../../lib/attempt-throttle.ts';
import { enforce, THROTTLE } from '../../lib/throttle.ts';
import { throttleAddress } from '../../lib/client-address.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { OperatorAuth } from '../../lib/operator-identity.ts';
import { auditService, operatorActor } from '../audit/audit.service.ts';
import { operatorsRepository } from './operators.repository.ts';

export const LINK_REFUSED_MESSAGE = 'This link has expired or was already used. Please ask an owner for a new one.';

/**
 * An operator's password: set from a one-time link (an invitation, an owner's reset link,
 * `operator:create` or `operator:reset-password`), or changed by the operator with the current one.
 * The publisher side's rules (lib/password-rules.ts) hold everywhere; every change is audited
 * without a secret in the entry.
 */
export const operatorPasswordService = {
  /**
   * Sets the password from a one-time link: the link is claimed by one UPDATE, works once and
   * expires; every earlier session of the operator ends.
   */
  async setPassword(ctx: AppContext, body: OperatorSetPasswordRequest, ip: string): Promise<{ email: string }> {
    await enforce(ctx.db, [`op-set-password:ip:${throttleAddress(ip)}`], THROTTLE.resetPerAddress);
    const password = body.password ?? '';
    const verify = body.password_verify ?? '';
    // The length and confirmation first, without spending the link on a typo.
    checkNewPassword({ password, verify });
    const refused = () =>
      fieldErrors(
        { token: { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: LINK_REFUSED_MESSAGE } },
        LINK_REFUSED_MESSAGE,
      );
    const holder = await operatorsRepository.findByLiveToken(ctx.db, sha256(body.token));
    if (!holder || holder.status !== 'active') throw refused();
    checkNewPassword({ password, verify, email: holder.email });
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
        after: { password_set: true, sessions_ended: true },
      });
      return op.email;
    });
    if (email === null) throw refused();
    // Whoever holds the link is no longer held back by earlier failed sign-ins.
    await forgetFailures(ctx.db, OPERATOR_ATTEMPT_POLICIES.login, email.toLowerCase());
    return { email };
  },

  /**
   * The signed-in operator's own change: the current password, then the new one twice. Every other
   * session of theirs ends; the answer's token keeps this one going.
   */
  async changePassword(
    ctx: AppContext,
    auth: OperatorAuth,
    body: OperatorChangePasswordRequest,
    ip: string,
  ): Promise<{ jwt: string }> {
    const current = body.current_password ?? '';
    const password = body.password ?? '';
    const verify = body.password_verify ?? '';
    const errors: Record<string, FieldError> = newPasswordErrors({ password, verify, email: auth.email });
    if (!current)
      errors['current_password'] = { code: ERROR_CODES.MISSING, message: 'Please enter your current password.' };
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);

    // The current password is a secret guessed against this operator: the two-factor setup's budget.
    await enforce(ctx.db, [`op-password-check:${auth.id}`], THROTTLE.loginPerAccount);
    const op = await operatorsRepository.findById(ctx.db, auth.id);
    if (!op) throw notFound();
    if (!op.password_hash || !(await verifyPassword(op.password_hash, current)))
      throw fieldError('current_password', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Invalid credentials.');
    if (await verifyPassword(op.password_hash, password))
      throw fieldError('password', ERROR_CODES.BAD_FORMAT, 'Choose a password other than your current one.');
    // Hashed before the transaction: no lock is held while argon2 works.
    const passwordHash = await hashPassword(password);
    const version = await auditService.write(ctx, operatorActor(auth, ip), async (trx, audit) => {
      const row = await operatorsRepository.setPassword(trx, auth.id, passwordHash);
      await audit({
        action: 'operator.password_changed',
        objectType: 'operator',
        objectId: auth.id,
        before: { password_set: true },
        after: { password_set: true, other_sessions_ended: true },
      });
      return row.token_version;
    });
    return {
      jwt: await ctx.jwt.signOperator({ operatorId: auth.id, purpose: 'access', version, sessionId: auth.sessionId }),
    };
  },
};
