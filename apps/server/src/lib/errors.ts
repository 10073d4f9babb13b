import { ERROR_CODES, type FieldError } from '@portal/shared';

/** An error meant for the client: its status, code and message are safe to show. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, FieldError>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, ERROR_CODES.NOT_FOUND, message);

export const unauthenticated = (message = 'Please log-in again.') =>
  new AppError(401, ERROR_CODES.UNAUTHENTICATED, message);

export const badCredentials = () => new AppError(401, ERROR_CODES.BAD_CREDENTIALS, 'Invalid credentials.');

export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new AppError(429, ERROR_CODES.RATE_LIMITED, message, undefined, { 'retry-after': String(retryAfterSeconds) });

export const fieldErrors = (fields: Record<string, FieldError>, message = 'Please correct the highlighted fields.') =>
  new AppError(422, ERROR_CODES.VALIDATION, message, fields);

export const fieldError = (field: string, code: string, message: string) => fieldErrors({ [field]: { code, message } });
