import type { FormProblem } from '../../components/auth/form-problem.ts';
import type { LoginFieldErrors } from '../../components/auth/login-form.tsx';
import { isApiError, tooManyMessage } from '../../lib/api-error.ts';

/**
 * What the console's sign-in says: the server's words, which are the publisher login's ('Invalid
 * credentials.', 'Must provide valid email address.', 'Invalid code'), its throttle answers (429)
 * and a disabled operator's (403); a fault or a lost connection in words of its own.
 */
export const CONSOLE_LOGIN_UNABLE = 'We were unable to log you in. Please try again in a moment.';

export function consoleLoginProblem(error: unknown): FormProblem {
  if (!isApiError(error) || error.status === null || error.status >= 500)
    return { tone: 'error', message: CONSOLE_LOGIN_UNABLE };
  return { tone: 'error', message: tooManyMessage(error) ?? error.serverMessage ?? error.message };
}

/** A field's message from the server's field errors. */
export const fieldMessage = (error: unknown, field: string): string | undefined =>
  isApiError(error) ? error.fields[field]?.message : undefined;

/** The sign-in's field errors, in the server's words. */
export const consoleLoginFields = (error: unknown): LoginFieldErrors => ({
  email: fieldMessage(error, 'email'),
  password: fieldMessage(error, 'password'),
});

/** The code step: the server's 'Invalid code', an expired step, or what the sign-in says. */
export const consoleCodeProblem = (error: unknown): FormProblem => {
  const refused = fieldMessage(error, 'code');
  if (refused) return { tone: 'error', message: refused };
  if (isApiError(error) && error.status === 401)
    return { tone: 'error', message: 'Your code expired. Please log in again.' };
  return consoleLoginProblem(error);
};

/** What a refused or failed console write says: the server's words, or a plain fault. */
export function consoleWriteProblem(error: unknown): string {
  if (!isApiError(error) || error.status === null || error.status >= 500)
    return 'That did not work. Please try again in a moment.';
  return tooManyMessage(error) ?? error.serverMessage ?? error.message;
}
