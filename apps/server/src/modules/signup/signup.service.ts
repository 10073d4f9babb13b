import { sql } from 'kysely';
import { ERROR_CODES, SIGNUP_FIELDS, SIGNUP_STEPS, type SignupField, type SignupRequest } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { fieldError, fieldErrors, tooManyRequests } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { enforce, THROTTLE } from '../../lib/throttle.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { businessUnitsService } from '../business-units/business-units.service.ts';
import { validateSignup } from './signup.validation.ts';
import { throttleAddress } from '../../lib/client-address.ts';

/** A mail that cannot be sent is logged, never turned into an error: the account exists either way. */
async function sendQuietly(ctx: AppContext, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (err) {
    ctx.log.error({ err }, 'sign-up e-mail failed');
  }
}

/** The daily limit's 429 says when the next day's budget opens (the counter's day is UTC). */
const limitReached = () => {
  const now = Date.now();
  const nextDay = Math.floor(now / 86_400_000 + 1) * 86_400_000;
  return tooManyRequests(Math.max(1, Math.ceil((nextDay - now) / 1000)), 'Daily signup limit has been reached');
};

class EmailTaken extends Error {}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === '23505';

async function resolveReferrer(ctx: AppContext, raw: SignupRequest['user_referrer_account_id']) {
  if (raw == null || String(raw).trim() === '') return null;
  const code = String(raw).trim();
  const byCode = await accountsService.findPublisherByReferralCode(ctx, code);
  if (byCode) return byCode.id;
  return null;
}

async function resolveBusinessUnit(ctx: AppContext, raw: SignupRequest['user_business_unit_id']) {
  const id = Number(raw);
  if (raw == null || !Number.isSafeInteger(id) || id <= 0) return null;
  return (await businessUnitsService.exists(ctx, id)) ? id : null;
}

export const signupService = {
  /**
   * Speculative calls check only the fields sent (one wizard step); the final call checks all,
   * then creates the user and a publisher account pending approval, within the daily limit.
   */
  async signUp(ctx: AppContext, body: SignupRequest, ip: string): Promise<{ success: true; speculative: boolean }> {
    const speculative = body.speculative === true;
    if (speculative) {
      // The step check says whether an e-mail is taken (a product decision), so it is throttled per address.
      await enforce(ctx.db, [`signup-check:ip:${throttleAddress(ip)}`], THROTTLE.signupCheckPerAddress);
      const sent = SIGNUP_FIELDS.filter((f) => f in body);
      const fields: readonly SignupField[] = sent.length > 0 ? sent : (SIGNUP_STEPS[0] ?? []);
      const { values, errors } = validateSignup(body, fields);
      if (fields.includes('user_email') && values.user_email && !errors['user_email']) {
        // Asking whether an address has an account gets a tight budget of its own, per client
        // address and per e-mail address, so the check cannot be used to sweep a list of addresses.
        await enforce(ctx.db, [`signup-email-check:ip:${throttleAddress(ip)}`], THROTTLE.signupEmailCheckPerAddress);
        await enforce(
          ctx.db,
          [`signup-email-check:acct:${values.user_email.toLowerCase()}`],
          THROTTLE.signupEmailCheckPerAccount,
        );
        if (await accountsService.findUserByEmail(ctx, values.user_email)) {
          errors['user_email'] = { code: ERROR_CODES.ALREADY_EXISTS, message: 'Email already exists' };
        }
      }
      if (Object.keys(errors).length > 0) throw fieldErrors(errors);
      return { success: true, speculative };
    }

    await enforce(ctx.db, [`signup:ip:${throttleAddress(ip)}`], THROTTLE.signupPerAddress);
    const { values, errors } = validateSignup(body, SIGNUP_FIELDS);
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    // Per e-mail as well: repeated final sign-ups with someone's address cannot flood their inbox.
    await enforce(ctx.db, [`signup:acct:${values.user_email!.toLowerCase()}`], THROTTLE.signupPerAccount);
    const businessUnitId = await resolveBusinessUnit(ctx, body.user_business_unit_id);
    if (businessUnitId) {
      const [unit] = await ctx.db
        .selectFrom('business_units')
        .select('three_step_signup')
        .where('id', '=', businessUnitId)
        .execute();
      if (unit?.three_step_signup && body.terms_accepted !== true) {
        throw fieldError('terms_accepted', ERROR_CODES.MISSING, 'Please accept the Terms and Conditions');
      }
    }
    const referrerId = await resolveReferrer(ctx, body.user_referrer_account_id);
    const passwordHash = await hashPassword(values.user_password!);
    const email = values.user_email!;

    try {
      await ctx.db.transaction().execute(async (trx) => {
        // The counter and the account commit together, so the limit is exact under concurrency (L5).
        const counted = await sql<{ count: number }>`
          INSERT INTO signup_counters (day, count) VALUES ((now() AT TIME ZONE 'UTC')::date, 1)
          ON CONFLICT (day) DO UPDATE SET count = signup_counters.count + 1
          WHERE signup_counters.count < ${ctx.config.SIGNUP_DAILY_LIMIT}
          RETURNING count`.execute(trx);
        if (counted.rows.length === 0 || ctx.config.SIGNUP_DAILY_LIMIT === 0) throw limitReached();
        try {
          await accountsService.createPublisherAccount(trx, {
            email,
            password: '',
            passwordHash,
            firstname: values.user_name_first!,
            lastname: values.user_name_last!,
            title: values.user_title,
            phone: values.user_phone,
            chatPlatform: values.user_chat_platform?.toLowerCase() ?? null,
            chatPlatformId: values.user_chat_platform_id,
            publisherName: values.company_name!,
            status: 'pending',
            businessUnitId,
            referrerPublisherId: referrerId,
            company: {
              website_url: values.company_website_url,
              phone: values.company_phone,
              tax_id: values.company_tax_id,
              address_street_1: values.company_address_street_1,
              address_street_2: values.company_address_street_2,
              address_city: values.company_address_city,
              address_region: values.company_address_region,
              address_postal_code: values.company_address_postal_code,
              address_country: values.company_address_country,
            },
          });
        } catch (err) {
          if (isUniqueViolation(err)) throw new EmailTaken();
          throw err;
        }
      });
    } catch (err) {
      if (!(err instanceof EmailTaken)) throw err;
      // Same answer as a new sign-up, so the final call reveals nothing; the owner hears of it.
      await sendQuietly(ctx, {
        to: email,
        subject: 'Someone tried to sign up with your e-mail address',
        text:
          'Someone tried to create a publisher account with this e-mail address, which already has an account.\n\n' +
          `If it was you, log in at ${ctx.config.publicUrl}/login or reset your password at ${ctx.config.publicUrl}/forgot-password.\n` +
          'If it was not you, you can ignore this message.',
      });
      return { success: true, speculative };
    }
    await sendQuietly(ctx, {
      to: email,
      subject: 'Thank you for signing up',
      text:
        `Hello ${values.user_name_first},\n\nThank you for signing up. Your publisher account is pending approval; ` +
        `we will let you know when it is active. You can then log in at ${ctx.config.publicUrl}/login.`,
    });
    return { success: true, speculative };
  },
};
