import {
  ERROR_CODES,
  type FieldError,
  PAYMENT_DETAILS_MAX,
  PAYMENT_METHODS,
  PAYMENT_PAUSE_HOURS,
  formatIban,
  ibanIsValid,
  maskValue,
  swiftIsValid,
  type PaymentDetails,
  type PaymentDetailsUpdateRequest,
  type PaymentMethod,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { twoFactorService } from '../two-factor/two-factor.service.ts';
import { paymentDetailsChangedMail } from './payment-details.mail.ts';
import {
  paymentDetailsRepository as repo,
  type PaymentDetailsRow,
  type PaymentDetailsValues,
} from './payment-details.repository.ts';
import { checkCurrentPassword } from '../accounts/current-password.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A row as the API answers it; `paused` only while the pause lasts. */
function toApi(r: PaymentDetailsRow, now = new Date()): PaymentDetails {
  const until = r.paused_until ? new Date(r.paused_until) : null;
  return {
    method: r.method,
    paypal_email: r.paypal_email,
    account_holder: r.account_holder,
    iban: r.iban,
    account_number: r.account_number,
    swift: r.swift,
    note: r.note,
    updated_at: iso(r.updated_at)!,
    payment_paused_until: until && until > now ? until.toISOString() : null,
  };
}

/** The details as operators see them: every value masked but for its last four characters. */
export function maskDetails(d: PaymentDetails): PaymentDetails {
  const m = (v: string | null) => (v == null ? null : maskValue(v));
  return {
    ...d,
    paypal_email: m(d.paypal_email),
    account_holder: m(d.account_holder),
    iban: m(d.iban),
    account_number: m(d.account_number),
    swift: m(d.swift),
    note: m(d.note),
  };
}

/** The masked text of a publisher's details on one line (the payable CSV). */
export function maskedSummary(d: PaymentDetails): string {
  const m = maskDetails(d);
  switch (d.method) {
    case 'paypal':
      return `PayPal ${m.paypal_email}`;
    case 'bank_transfer':
      return m.iban
        ? `IBAN ${m.iban}, holder ${m.account_holder}`
        : `Account ${m.account_number}, SWIFT ${m.swift}, holder ${m.account_holder}`;
    case 'other':
      return `Other ${m.note}`;
  }
}

/**
 * Checks the request's values for its method (docs/money.md): PayPal an e-mail; bank transfer an
 * account holder with an IBAN (its checksum checked) or an account number with a SWIFT/BIC; other a
 * note. Values of other methods are dropped. Every problem is a field error, all at once.
 */
function checkedValues(body: PaymentDetailsUpdateRequest): PaymentDetailsValues {
  const errors: Record<string, FieldError> = {};
  const get = (k: keyof typeof PAYMENT_DETAILS_MAX) => {
    const v = (body[k] ?? '').trim();
    if (v.length > PAYMENT_DETAILS_MAX[k])
      errors[k] = { code: ERROR_CODES.BAD_FORMAT, message: `Must be at most ${PAYMENT_DETAILS_MAX[k]} characters.` };
    return v;
  };
  const missing = (k: string, message: string) => {
    errors[k] ??= { code: ERROR_CODES.MISSING, message };
  };
  const raw = body.method?.trim();
  if (!raw) throw fieldError('method', ERROR_CODES.NOTHING_SELECTED, 'Please choose a payment method.');
  if (!(PAYMENT_METHODS as readonly string[]).includes(raw))
    throw fieldError('method', ERROR_CODES.BAD_FORMAT, `The method is one of ${PAYMENT_METHODS.join(', ')}.`);
  const method = raw as PaymentMethod;
  const values: PaymentDetailsValues = {
    method,
    paypal_email: null,
    account_holder: null,
    iban: null,
    account_number: null,
    swift: null,
    note: null,
  };
  if (method === 'paypal') {
    const email = get('paypal_email');
    if (!email) missing('paypal_email', 'Please enter your PayPal e-mail address.');
    else if (!EMAIL.test(email))
      errors['paypal_email'] ??= { code: ERROR_CODES.BAD_FORMAT, message: 'Please enter a valid e-mail address.' };
    values.paypal_email = email;
  } else if (method === 'bank_transfer') {
    const holder = get('account_holder');
    const iban = get('iban').replace(/\s+/g, '').toUpperCase();
    const account = get('account_number').replace(/\s+/g, '');
    const swift = get('swift').replace(/\s+/g, '').toUpperCase();
    if (!holder) missing('account_holder', 'Please enter the account holder.');
    if (iban) {
      if (!ibanIsValid(iban))
        errors['iban'] ??= {
          code: ERROR_CODES.TOO_SHORT_OR_INVALID,
          message: 'This IBAN is not valid: please check it.',
        };
      values.iban = formatIban(iban);
    } else if (account || swift) {
      if (!account) missing('account_number', 'Please enter the account number, or an IBAN instead.');
      else if (!/^[A-Z0-9-]{4,34}$/i.test(account))
        errors['account_number'] ??= {
          code: ERROR_CODES.BAD_FORMAT,
          message: 'Use letters, digits and dashes only.',
        };
      if (!swift) missing('swift', 'Please enter the SWIFT/BIC code of the bank.');
      else if (!swiftIsValid(swift))
        errors['swift'] ??= {
          code: ERROR_CODES.TOO_SHORT_OR_INVALID,
          message: 'A SWIFT/BIC code has 8 or 11 letters and digits.',
        };
      values.account_number = account;
      values.swift = swift;
    } else missing('iban', 'Please enter an IBAN, or an account number with a SWIFT/BIC code.');
    values.account_holder = holder;
  } else {
    const note = get('note');
    if (!note) missing('note', 'Please say how you want to be paid.');
    values.note = note;
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return values;
}

/**
 * The publisher's payment details (docs/money.md): read in full by the publisher; changed with the
 * current password (and the two-factor code when it is on), which e-mails the account and pauses
 * payment for 72 hours. A view-as session reads them masked and cannot change them.
 */
export const paymentDetailsService = {
  async read(ctx: AppContext, auth: PublisherAuth): Promise<PaymentDetails | null> {
    const row = await repo.find(ctx.db, auth.publisherId);
    if (!row) return null;
    const d = toApi(row);
    return auth.operatorId != null ? maskDetails(d) : d;
  },

  async update(ctx: AppContext, auth: PublisherAuth, body: PaymentDetailsUpdateRequest, ip: string) {
    if (auth.operatorId != null)
      throw new AppError(403, ERROR_CODES.FORBIDDEN, 'Only the publisher can change its payment details.');
    const values = checkedValues(body);
    const password = body.password ?? '';
    if (!password) throw fieldError('password', ERROR_CODES.MISSING, 'Please enter your current password.');
    // Wrong passwords share the password change's budget (as two-factor setup does).
    const user = await checkCurrentPassword(ctx, auth.userId, password, 'password');
    if (!user) throw notFound();
    if (user.totp_enabled) {
      const code = body.code?.trim();
      if (!code) throw fieldError('code', ERROR_CODES.MISSING, 'Please enter the code from your authenticator app.');
      await twoFactorService.checkCode(ctx, auth.userId, code, ip);
    }
    const row = await ctx.db
      .transaction()
      .execute((trx: Db) => repo.save(trx, auth.publisherId, auth.userId, values, PAYMENT_PAUSE_HOURS));
    const saved = toApi(row);
    try {
      const publisher = await accountsService.findPublisherById(ctx, auth.publisherId);
      await ctx.mailer.send(
        paymentDetailsChangedMail({
          to: user.email,
          firstname: user.firstname,
          publisherName: publisher?.name ?? `account ${auth.publisherId}`,
          method: values.method,
          pausedUntil: new Date(row.paused_until!),
          ip,
          publicUrl: ctx.config.publicUrl,
        }),
      );
    } catch (err) {
      ctx.log.error({ err, publisherId: auth.publisherId }, 'payment details notice e-mail failed');
    }
    return saved;
  },

  /** Operators' view of publishers' details (masked), by publisher id. */
  async masked(db: Db, publisherIds: number[], now = new Date()): Promise<Map<number, PaymentDetails>> {
    const rows = await repo.findMany(db, publisherIds);
    return new Map(rows.map((r) => [r.publisher_id, maskDetails(toApi(r, now))]));
  },
};
