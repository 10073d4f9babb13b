import type { FieldError } from '@portal/shared/errors/error-codes';

/**
 * A failed call. `message` follows the HTTP client wording of docs/errors.md ('Network Error',
 * 'Request aborted', 'Request failed with status code {n}'); the server's error body, when there
 * is one, is in `code`, `serverMessage` and `fields`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null = null,
    readonly serverMessage: string | null = null,
    readonly fields: Record<string, FieldError> = {},
    readonly kind: 'http' | 'network' | 'aborted' | 'timeout' = 'http',
  ) {
    super(message);
  }

  get isAborted() {
    return this.kind === 'aborted';
  }
}

export const NETWORK_ERROR = 'Network Error';
export const REQUEST_ABORTED = 'Request aborted';
export const timeoutMessage = (ms: number) => `timeout of ${ms}ms exceeded`;
export const statusMessage = (status: number) => `Request failed with status code ${status}`;

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** True for a 500 answer or the 0x500 code (docs/errors.md uses both). */
/**
 * The words of a quota or rate-limit refusal (429): the server's message, which says
 * what ran out; null for any other error, so the caller shows its own.
 */
export const tooManyMessage = (e: unknown): string | null =>
  isApiError(e) && e.status === 429 ? (e.serverMessage ?? 'Too many requests. Please try again later.') : null;

export const isServerFault = (e: unknown) => isApiError(e) && (e.status === 500 || e.code === '0x500');

/** Field code of one field, if the server sent one. */
export const fieldCode = (e: unknown, field: string): string | null =>
  isApiError(e) ? (e.fields[field]?.code ?? null) : null;
