import { isApiError, tooManyMessage } from '../../lib/api-error.ts';

/**
 * What the console's sign-in says: the server's words, which are the publisher login's ('Invalid
 * credentials.', 'Must provide valid email address.', 'Invalid code'), its throttle answers (429)
 * and a disabled operator's (403); a fault or a lost connection in words of its own.
 */
export const CONSOLE_LOGIN_UNABLE = 'We were unable to log you in. Please try again in a moment.';

export function consoleLoginProblem(error: unknown): string {
  if (!isApiError(error) || error.status === null || error.status >= 500) return CONSOLE_LOGIN_UNABLE;
  return tooManyMessage(error) ?? error.serverMessage ?? error.message;
}

/** A field's message from the server's field errors. */
export const fieldMessage = (error: unknown, field: string): string | undefined =>
  isApiError(error) ? error.fields[field]?.message : undefined;

/** What a refused or failed console write says: the server's words, or a plain fault. */
export function consoleWriteProblem(error: unknown): string {
  if (!isApiError(error) || error.status === null || error.status >= 500)
    return 'That did not work. Please try again in a moment.';
  return tooManyMessage(error) ?? error.serverMessage ?? error.message;
}
