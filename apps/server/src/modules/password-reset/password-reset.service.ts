import { sql } from 'kysely';
import { ERROR_CODES, type ResetPasswordRequest } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldErrors } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { checkNewPassword } from '../../lib/password-rules.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { enforce, hit, THROTTLE } from '../../lib/throttle.ts';
import { ATTEMPT_POLICIES, forgetFailures } from '../../lib/attempt-throttle.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { throttleAddress } from '../../lib/client-address.ts';

const TOKEN_TTL_MINUTES = 60;
const AFTER_ANSWER_MS = 50;

const expired = () =>
  fieldErrors(
    { token: { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: 'Your password reset link has expired.' } },
    'Your password reset link has expired.',
  );

async function createAndSend(ctx: AppContext, email: string): Promise<void> {
  const user = await accountsService.findUserByEmail(ctx, email);
  if (!user) return;
  const { token, hash } = newOpaqueToken();
  await ctx.db
    .insertInto('password_reset_tokens')
    .values({
      user_id: user.id,
      token_hash: hash,
      expires_at: sql<Date>`now() + make_interval(mins => ${TOKEN_TTL_MINUTES})`,
    })
    .execute();
  // Links come from PUBLIC_URL, never from the request's Host header (docs/reliability.md A7).
  const link = `${ctx.config.publicUrl}/forgot-password/${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your password',
    text:
      `Hello ${user.firstname},\n\nUse this link to choose a new password. It works once and expires in ${TOKEN_TTL_MINUTES} minutes:\n\n${link}\n\n` +
      'If you did not ask for this, ignore this e-mail; your password stays as it is.',
  });
}

export const passwordResetService = {
  /**
   * Always the same answer, and the work for an existing account happens after the answer is sent,
   * so neither the body nor the timing says whether the e-mail has an account (docs/reliability.md A4).
   */
  async sendToken(ctx: AppContext, email: string, ip: string): Promise<{ success: true }> {
    if (!email.trim())
      throw fieldErrors({ user_email: { code: ERROR_CODES.MISSING, message: 'Please enter your email address' } });
    await enforce(ctx.db, [`reset:ip:${throttleAddress(ip)}`], THROTTLE.resetPerAddress);
    // Per e-mail, past the budget the answer stays the same but no further e-mail goes out: a
    // refusal here would let anyone keep the owner from asking for a link, and the links already
    // sent still work. The inbox is not flooded either way.
    const perAccount = await hit(ctx.db, `reset:acct:${email.trim().toLowerCase()}`, THROTTLE.resetPerAccount);
    if (!perAccount.allowed) return { success: true };
    // A short delay lets the answer leave first even when the database runs in this process
    // (PGlite), whose queries hold the event loop while they run.
    setTimeout(() => {
      createAndSend(ctx, email).catch((err: unknown) => ctx.log.error({ err }, 'password reset e-mail failed'));
    }, AFTER_ANSWER_MS);
    return { success: true };
  },

  async verifyToken(ctx: AppContext, token: string): Promise<{ success: boolean }> {
    const row = await ctx.db
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return { success: Boolean(row) };
  },

  async reset(ctx: AppContext, body: ResetPasswordRequest, ip: string): Promise<{ success: true }> {
    await enforce(ctx.db, [`reset:ip:${throttleAddress(ip)}`], THROTTLE.resetPerAddress);
    const pw = body.new_password ?? '';
    // The password rules every new password follows (lib/password-rules.ts).
    checkNewPassword(
      { password: pw, verify: body.new_password_verify ?? '' },
      { password: 'new_password', verify: 'new_password_verify' },
    );

    const passwordHash = await hashPassword(pw);
    const done = await ctx.db.transaction().execute(async (trx) => {
      // Single use: the UPDATE claims the token; a second request finds nothing to claim.
      const claimed = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', sha256(body.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) return null;
      const user = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
        .where('id', '=', claimed.user_id)
        .returning('email')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', claimed.user_id)
        .where('used_at', 'is', null)
        .execute();
      return user.email;
    });
    if (done === null) throw expired();
    // Whoever proved they own the mailbox is no longer locked out by earlier failed logins.
    await forgetFailures(ctx.db, ATTEMPT_POLICIES.login, done.trim().toLowerCase());
    return { success: true };
  },
};
