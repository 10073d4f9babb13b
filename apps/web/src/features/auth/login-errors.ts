import { ERROR_CODES } from '@portal/shared/errors/codes';
import type { FormProblem } from '../../components/auth/form-problem.ts';
import type { LoginFieldErrors } from '../../components/auth/login-form.tsx';
import { isApiError } from '../../lib/api-error.ts';

export type LoginProblem = FormProblem;

export const LOGIN_MESSAGES = {
  unable: 'We were unable to log you in. Please Contact your Account Manager.',
  invalidCredentials: 'Invalid credentials.',
  pending:
    'Your account is currently pending approval. You cannot log in at this time. Please contact support for further assistance',
  invalidCode: 'Invalid code',
  email: 'Must provide valid email address.',
  password: 'Must provide a password.',
} as const;

/** docs/errors.md "Login and two-factor": what the login form says for a failed call. */
export function loginProblem(error: unknown): LoginProblem {
  if (!isApiError(error)) return { tone: 'error', message: LOGIN_MESSAGES.unable };
  if (error.status === 500 || error.code === ERROR_CODES.SERVER)
    return { tone: 'error', message: LOGIN_MESSAGES.unable };
  if (error.code === ERROR_CODES.BAD_CREDENTIALS) return { tone: 'error', message: LOGIN_MESSAGES.invalidCredentials };
  if (error.code === ERROR_CODES.PENDING_APPROVAL) return { tone: 'warning', message: LOGIN_MESSAGES.pending };
  if (error.status === null) return { tone: 'error', message: error.message };
  return { tone: 'error', message: error.serverMessage ?? error.message };
}

/** Server field errors on the login form. */
export function loginFieldErrors(error: unknown): { user_name?: string; password?: string } {
  if (!isApiError(error)) return {};
  const out: { user_name?: string; password?: string } = {};
  if (error.fields['user_name']) out.user_name = LOGIN_MESSAGES.email;
  if (error.fields['password']) out.password = LOGIN_MESSAGES.password;
  return out;
}

/** The same, by the log-in form's fields (the e-mail is the API's `user_name`). */
export function loginFormErrors(error: unknown): LoginFieldErrors {
  const f = loginFieldErrors(error);
  return { email: f.user_name, password: f.password };
}

/** Two-factor step: 'Invalid code' for a refused code; other failures as on the login form. */
export function twoFactorProblem(error: unknown): LoginProblem {
  if (isApiError(error) && error.fields['code']) return { tone: 'error', message: LOGIN_MESSAGES.invalidCode };
  if (isApiError(error) && error.status === 401)
    return { tone: 'error', message: 'Your code expired. Please log in again.' };
  return loginProblem(error);
}
