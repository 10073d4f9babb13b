/**
 * Errors that say the database cannot serve right now (down, restarting, unreachable, stalled past
 * DATABASE_QUERY_TIMEOUT_MS, out of disk), as opposed to a fault of the request or of the code.
 * A request that meets one answers 503 with Retry-After (a client or load balancer tries again),
 * not 500.
 */

/** SQLSTATE classes and codes: connection exceptions, insufficient resources, operator intervention. */
const UNAVAILABLE_SQLSTATES = /^(08...|53...|57P0[1-4]|58030)$/;
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection terminated unexpectedly/;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
