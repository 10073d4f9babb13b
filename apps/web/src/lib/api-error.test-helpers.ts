import { ApiError, statusMessage } from './api-error.ts';

/** An API error as the client makes it from an answer: status, code and field codes. */
export const httpError = (status: number, code: string | null, fields: Record<string, string> = {}) =>
  new ApiError(
    statusMessage(status),
    status,
    code,
    'server says',
    Object.fromEntries(Object.entries(fields).map(([f, c]) => [f, { code: c, message: 'x' }])),
  );
