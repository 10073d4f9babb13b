import { ERROR_CODES } from '@portal/shared/errors/codes';
import { isApiError, isServerFault } from '../../lib/api-error.ts';

export const RESET_MESSAGES = {
  unable: 'We were unable to complete your request, please try again.',
  expired: 'Your password reset link has expired.',
  mismatch: 'Passwords do not match.',
  tooShort: 'Password must be at least 8 characters',
  sent: 'Please check your email inbox for a link to complete password reset.',
  success: 'Your password has been successfully updated. Kindly proceed by logging.',
} as const;

export function resetFormError(error: unknown): string {
  if (isServerFault(error) || !isApiError(error)) return RESET_MESSAGES.unable;
  if (error.status === null) return error.message;
  return error.serverMessage && error.status === 429 ? error.serverMessage : RESET_MESSAGES.unable;
}

/** Field errors of the reset form; `expired` when the server refused the token. */
export function resetFieldErrors(error: unknown): {
  new_password?: string;
  new_password_verify?: string;
  expired?: boolean;
} {
  if (!isApiError(error)) return {};
  const out: { new_password?: string; new_password_verify?: string; expired?: boolean } = {};
  const pw = error.fields['new_password'];
  const verify = error.fields['new_password_verify'];
  if (pw) out.new_password = pw.code === ERROR_CODES.MISSING ? 'Please enter a password' : RESET_MESSAGES.tooShort;
  if (verify)
    out.new_password_verify =
      verify.code === ERROR_CODES.MISMATCH ? RESET_MESSAGES.mismatch : 'Please confirm your password';
  if (error.fields['token']) out.expired = true;
  return out;
}
