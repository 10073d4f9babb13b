import { createRequire } from 'node:module';
import { ERROR_CODES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type FieldError } from '@portal/shared';
import { fieldErrors } from './errors.ts';

/** Mozilla's list of ten thousand common and breached passwords (a CommonJS package without types). */
const commonPasswords = createRequire(import.meta.url)('fxa-common-password-list') as {
  test(password: string): boolean;
};

/**
 * The rules of a new password, with the texts of the publisher's reset form (docs/errors.md):
 * at least PASSWORD_MIN_LENGTH characters, at most PASSWORD_MAX_LENGTH.
 */
export function passwordLengthError(password: string): FieldError | null {
  if (!password) return { code: ERROR_CODES.MISSING, message: 'Please enter a password' };
  if (password.length < PASSWORD_MIN_LENGTH)
    return { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: 'Password must be at least 8 characters' };
  if (password.length > PASSWORD_MAX_LENGTH)
    return { code: ERROR_CODES.BAD_FORMAT, message: `Must be at most ${PASSWORD_MAX_LENGTH} characters.` };
  return null;
}

/** A password anyone would try first: on Mozilla's list of common and breached ones, or the e-mail itself. */
export function guessablePasswordError(password: string, email: string): FieldError | null {
  const lower = password.toLowerCase();
  const mail = email.trim().toLowerCase();
  if (commonPasswords.test(password) || commonPasswords.test(lower))
    return { code: ERROR_CODES.BAD_FORMAT, message: 'This password is too common. Please choose another.' };
  if (mail && (lower === mail || lower === mail.split('@')[0]))
    return { code: ERROR_CODES.BAD_FORMAT, message: 'Your password cannot be your e-mail address.' };
  return null;
}

type Fields = { password: string; verify: string };
const DEFAULT_FIELDS: Fields = { password: 'password', verify: 'password_verify' };

/**
 * What is wrong with a new password and its confirmation, under the length rules and, given the
 * account's `email`, the guessable-password rules, on the caller's field names (empty when nothing).
 */
export function newPasswordErrors(
  input: { password: string; verify: string; email?: string },
  fields: Fields = DEFAULT_FIELDS,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const problem =
    passwordLengthError(input.password) ??
    (input.email === undefined ? null : guessablePasswordError(input.password, input.email));
  if (problem) errors[fields.password] = problem;
  if (!input.verify) errors[fields.verify] = { code: ERROR_CODES.MISSING, message: 'Please confirm your password' };
  else if (input.password && input.verify !== input.password)
    errors[fields.verify] = { code: ERROR_CODES.MISMATCH, message: 'Passwords do not match.' };
  return errors;
}

/** The same, as a 422 with every field that fails. */
export function checkNewPassword(
  input: { password: string; verify: string; email?: string },
  fields: Fields = DEFAULT_FIELDS,
): void {
  const errors = newPasswordErrors(input, fields);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}
