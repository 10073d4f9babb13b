import { ERROR_CODES } from '@portal/shared/errors/codes';
import { isApiError, isServerFault } from '../../lib/api-error.ts';

export const PROFILE_MESSAGES = {
  wentWrong: 'Something went wrong, try again.',
  length: 'Please make sure your value is at least 8 characters long.',
  mismatch: 'Passwords do not match.',
  invalidCredentials: 'Invalid credentials.',
  passwordSuccess: 'Your password has been successfully updated. Kindly proceed by logging in once more.',
  timezonesFailed: 'Error: Could not load timezones.',
  timezoneSaveFailed: 'Error: The user profile timezone could not be updated at this time.',
  timezoneSaved: 'The user profile timezone has been successfully updated.',
  notificationsSaved: 'Your notification preferences have been successfully updated.',
} as const;

/** After a password change: the API keys it kept (a password change does not end them). */
export const apiKeysKeptMessage = (n: number) =>
  `Your ${n === 1 ? 'API key still works' : `${n} API keys still work`}. Log out everywhere (below) or revoking ${
    n === 1 ? 'it' : 'them'
  } in API Keys ends ${n === 1 ? 'it' : 'them'}.`;

export type PasswordField = 'current_password' | 'new_password' | 'new_password_verify';

/** docs/errors.md "Change password": server field codes to the form's messages. */
export function passwordFieldErrors(error: unknown): Partial<Record<PasswordField, string>> {
  if (!isApiError(error)) return {};
  const out: Partial<Record<PasswordField, string>> = {};
  const current = error.fields['current_password'];
  const next = error.fields['new_password'];
  const verify = error.fields['new_password_verify'];
  if (current)
    out.current_password =
      current.code === ERROR_CODES.TOO_SHORT_OR_INVALID ? PROFILE_MESSAGES.invalidCredentials : PROFILE_MESSAGES.length;
  if (next) out.new_password = PROFILE_MESSAGES.length;
  if (verify) {
    if (verify.code === ERROR_CODES.MISMATCH) out.new_password_verify = PROFILE_MESSAGES.mismatch;
    else if (verify.code === ERROR_CODES.TOO_SHORT_OR_INVALID) out.new_password_verify = PROFILE_MESSAGES.length;
    else out.new_password_verify = verify.message;
  }
  return out;
}

/** The form-level message of a failed password change (500 / 0x500 or anything without field errors). */
export function passwordFormError(error: unknown): string | null {
  if (isServerFault(error)) return PROFILE_MESSAGES.wentWrong;
  if (isApiError(error) && Object.keys(error.fields).length > 0) return null;
  if (isApiError(error) && error.status === 429 && error.serverMessage) return error.serverMessage;
  return PROFILE_MESSAGES.wentWrong;
}
