import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody, type FieldError } from '@portal/shared';
import { AppError } from '../lib/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-errors.ts';
import { loggedUrl } from '../lib/log-url.ts';

type ValidationIssue = { keyword: string; instancePath: string; message?: string; params: Record<string, unknown> };

/** Maps a schema issue to the field codes of docs/errors.md, so the web app reads them like any other. */
function issueToField(issue: ValidationIssue): [string, FieldError][] {
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
  switch (issue.keyword) {
    case 'unrecognized_keys': {
      const keys = (issue.params['keys'] as string[] | undefined) ?? [];
      const prefix = field === '_' ? '' : `${field}.`;
      return keys.map((k) => [`${prefix}${k}`, { code: ERROR_CODES.BAD_FORMAT, message: 'Unknown field.' }]);
    }
    case 'invalid_type':
      if (/received undefined/.test(issue.message ?? '')) {
        return [[field, { code: ERROR_CODES.MISSING, message: 'This field is required.' }]];
      }
      return [[field, { code: ERROR_CODES.BAD_FORMAT, message: issue.message ?? 'Invalid value.' }]];
    case 'too_small':
      return [[field, { code: ERROR_CODES.TOO_SHORT_OR_INVALID, message: issue.message ?? 'Too short.' }]];
    default:
      return [[field, { code: ERROR_CODES.BAD_FORMAT, message: issue.message ?? 'Invalid value.' }]];
  }
}

const body = (code: string, message: string, errors?: Record<string, FieldError>): ApiErrorBody =>
  errors ? { error: { code, message }, errors } : { error: { code, message } };

/** Every failure answers docs/api.md's error shape; nothing internal reaches the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.status(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = Object.fromEntries(err.validation.flatMap((v) => issueToField(v as ValidationIssue)));
      return reply.status(422).send(body(ERROR_CODES.VALIDATION, 'Please correct the highlighted fields.', fields));
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body(ERROR_CODES.PAYLOAD_TOO_LARGE, 'The request body is too large.'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(body(ERROR_CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the request body as JSON.'));
    }
    if (status === 429) {
      return reply.status(429).send(body(ERROR_CODES.RATE_LIMITED, 'Too many requests. Please try again later.'));
    }
    if (status >= 400 && status < 500) {
      // Broken JSON, empty JSON bodies, bad headers: the client's fault, said plainly.
      const message = err.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON.' : 'Bad request.';
      return reply.status(status).send(body(ERROR_CODES.BAD_FORMAT, message));
    }
    if (isDatabaseUnavailable(err)) {
      // The database is down, stalled or full: a passing state, said as one (no internal message).
      request.log.warn(
        { err: { message: err.message, code: err.code }, route: loggedUrl(request) },
        'database unavailable',
      );
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(body(ERROR_CODES.UNAVAILABLE, 'The service is briefly unavailable. Please try again.'));
    }
    // Once, with the stack; the route as the request line writes it (no query value, no body).
    request.log.error({ err, route: loggedUrl(request) }, 'request failed');
    return reply.status(500).send(body(ERROR_CODES.SERVER, 'Something went wrong.'));
  });
}
