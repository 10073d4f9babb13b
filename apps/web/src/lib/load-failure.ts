import { isApiError } from './api-error.ts';

/**
 * Whether a failed load is shown where the data would be. A cancelled request (the filters moved
 * on) is no failure, and the client has already answered a 401 (log in again) and a 404 (the
 * not-found page): what is left — a server fault, a lost connection, a time-out — is shown.
 */
export function isShownFailure(error: unknown): boolean {
  if (!error) return false;
  if (!isApiError(error)) return true;
  return !(error.isAborted || error.status === 401 || error.status === 404);
}

/** The HTTP client's words for a failure ('Request failed with status code 500', 'Network Error'), as a sentence. */
export function failureDetail(error: unknown): string {
  if (!isApiError(error)) return '';
  return `${error.message}.`;
}
