import { ERROR_CODES, type FieldError } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError, badCredentials, fieldErrors, notFound } from '../../lib/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import { ATTEMPT_POLICIES, beginAttempt } from '../../lib/attempt-throttle.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { newDeviceCookie, PUBLISHER_DEVICE, trustedDeviceId } from '../../lib/trusted-device.ts';
import { twoFactorService } from '../two-factor/two-factor.service.ts';

const pendingApproval = () =>
  new AppError(
    403,
    ERROR_CODES.PENDING_APPROVAL,
    'Your account is currently pending approval. You cannot log in at this time. Please contact support for further assistance',
  );

const inactive = () =>
  new AppError(403, ERROR_CODES.FORBIDDEN, 'Your account is not active. Please contact your account manager.');

async function activeAccounts(ctx: AppContext, userId: number) {
  const linked = await accountsService.linkedPublishers(ctx, userId);
  const active = linked.filter((p) => p.status === 'active');
  if (active.length === 0) throw linked.some((p) => p.status === 'pending') ? pendingApproval() : inactive();
  return active;
}

/** The token a user gets once their password (and 2FA, if on) is accepted; same session as the 2FA step. */
async function sessionToken(ctx: AppContext, userId: number, version: number, sessionId?: string) {
  const active = await activeAccounts(ctx, userId);
  if (active.length > 1) {
    return {
      jwt: await ctx.jwt.sign({
        userId,
        publisherId: null,
        purpose: 'select_account',
        version,
        ...(sessionId ? { sessionId } : {}),
      }),
      multilogin_enabled: true,
    };
  }
  return {
    jwt: await ctx.jwt.sign({
      userId,
      publisherId: active[0]!.id,
      purpose: 'access',
      version,
      ...(sessionId ? { sessionId } : {}),
    }),
    multilogin_enabled: false,
  };
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;

/** docs/errors.md: the server's field errors for a login form sent without a usable e-mail or password. */
function checkCredentialsShape(email: string, password: string): void {
  const errors: Record<string, FieldError> = {};
  if (!email) errors['user_name'] = { code: ERROR_CODES.MISSING, message: 'Must provide valid email address.' };
  else if (!EMAIL_SHAPE.test(email))
    errors['user_name'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Must provide valid email address.' };
  if (!password) errors['password'] = { code: ERROR_CODES.MISSING, message: 'Must provide a password.' };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

export const authService = {
  /**
   * Checks e-mail and password. Answers the login's first token and a fresh trusted-device cookie
   * for this browser (`device`, lib/trusted-device.ts).
   */
  async authenticate(
    ctx: AppContext,
    rawEmail: string | null | undefined,
    rawPassword: string | null | undefined,
    ip: string,
    deviceCookie?: string,
  ) {
    const email = (rawEmail ?? '').trim();
    const password = rawPassword ?? '';
    checkCredentialsShape(email, password);
    // Per address, per account and address, and per account (lib/attempt-throttle.ts): rotating
    // addresses or accounts alone mints no new budget (A8), and failures from elsewhere never
    // refuse the right password from an address that has not failed. A browser that
    // logged in to this account before counts as its own device instead of its address, so a
    // neighbour behind the same NAT cannot lock the owner out.
    const device = trustedDeviceId(ctx, PUBLISHER_DEVICE, deviceCookie, email);
    const attempt = await beginAttempt(ctx.db, ATTEMPT_POLICIES.login, email.toLowerCase(), ip, undefined, device);
    const user = await accountsService.findUserByEmail(ctx, email);
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) {
      await attempt.failed();
      throw badCredentials();
    }
    await attempt.succeeded();
    const active = await activeAccounts(ctx, user.id);
    const trusted = newDeviceCookie(ctx, PUBLISHER_DEVICE, email);
    if (user.totp_enabled) {
      return {
        data: {
          jwt: await ctx.jwt.sign({
            userId: user.id,
            publisherId: null,
            purpose: 'two_factor',
            version: user.token_version,
          }),
          multilogin_enabled: active.length > 1,
          two_factor_required: true,
        },
        device: trusted,
      };
    }
    return { data: await sessionToken(ctx, user.id, user.token_version), device: trusted };
  },

  async verifyCode(ctx: AppContext, userId: number, version: number, code: string, ip: string, sessionId: string) {
    await twoFactorService.checkCode(ctx, userId, code, ip);
    const { jwt } = await sessionToken(ctx, userId, version, sessionId);
    return { jwt };
  },

  async multiLogin(ctx: AppContext, userId: number) {
    const user = await accountsService.findUserById(ctx, userId);
    if (!user) throw notFound();
    const accounts = (await accountsService.linkedPublishers(ctx, userId)).filter((p) => p.status === 'active');
    return {
      user: { id: user.id, firstname: user.firstname, lastname: user.lastname, email: user.email },
      accounts: accounts.map((a) => ({ account_id: a.id, account_name: a.name, user_name: user.email })),
    };
  },

  /**
   * Exchanges an account choice for an access token; only accounts linked to that user (else 404).
   * A session an operator opened from a login code stays theirs: the new token carries the same
   * acting operator.
   */
  async impersonate(
    ctx: AppContext,
    session: {
      userId: number;
      tokenVersion: number;
      sessionId: string;
      operator?: string | undefined;
      operatorId?: number | undefined;
    },
    userId: number,
    publisherId: number,
  ) {
    if (userId !== session.userId) throw notFound();
    const publisher = await accountsService.findLinkedPublisher(ctx, userId, publisherId);
    if (!publisher || publisher.status !== 'active') throw notFound();
    const { tokenVersion: version, sessionId, operator, operatorId } = session;
    return {
      jwt: await ctx.jwt.sign({
        userId,
        publisherId,
        purpose: 'access',
        version,
        sessionId,
        ...(operator ? { operator } : {}),
        ...(operatorId ? { operatorId } : {}),
      }),
    };
  },
};
