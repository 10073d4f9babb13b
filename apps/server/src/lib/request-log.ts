import {
  LogController,
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config, TrackingLogPolicy } from '../config.ts';
import { loggedPath, maskQueryText, queryNames, requestForLog } from './log-url.ts';

/** Headers that carry credentials: censored wherever a logged object holds headers. */
const SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key'];
/**
 * Where a logged object holds headers. Named paths, not `*.headers`: a wildcard costs every line
 * about 10 µs (the request line's cost tripled in bench/tracking.bench.ts), a named path under 1 µs.
 */
const HEADER_HOLDERS = ['headers', 'req.headers', 'res.headers', 'request.headers', 'response.headers', 'err.headers'];
export const REDACTED_PATHS = HEADER_HOLDERS.flatMap((at) => SECRET_HEADERS.map((h) => `${at}["${h}"]`));

/** Where a stack's causes stop being followed. */
const MAX_CAUSES = 3;

/**
 * An error as the log writes it: type, message, stack (with its causes) and the codes that say
 * what failed, the message and stack with any quoted URL's secret query values masked. Other
 * properties (a database error's `detail` quotes row values) are left out.
 */
export function errorForLog(err: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  // Whatever was logged as `err` (a string, say) is written as text.
  if (typeof err !== 'object' || err === null)
    return { type: typeof err, message: maskQueryText(String(err)), stack: '' };
  let stack = err.stack ?? `${err.name}: ${err.message}`;
  let cause: unknown = err.cause;
  for (let i = 0; i < MAX_CAUSES && cause instanceof Error; i++, cause = cause.cause) {
    stack += `\ncaused by: ${cause.stack ?? cause.message}`;
  }
  const out = {
    type: err.constructor?.name ?? err.name,
    message: maskQueryText(String(err.message)),
    stack: maskQueryText(stack),
  } as { type: string; message: string; stack: string; [key: string]: unknown };
  const e = err as Error & Record<string, unknown>;
  for (const k of ['code', 'statusCode', 'constraint', 'table', 'column'] as const) {
    if (e[k] !== undefined) out[k] = e[k];
  }
  return out;
}

/** The logger's options: level, destination, serializers that keep secrets out, header redaction. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL'>,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.LOG_LEVEL,
    // No secret in a logged address: route patterns and query names only (log-url.ts).
    serializers: { req: requestForLog, err: errorForLog },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    ...(stream ? { stream: stream as FastifyLoggerOptions['stream'] } : {}),
  };
}

/**
 * `/c/…` and `/pixel` (tracking.routes.ts): nearly all of the traffic, a visitor's browser each.
 * An advertiser's conversion call (`/postback`) is money and far rarer: it always gets its line.
 */
export function isTrackingPath(url: string): boolean {
  if (url.startsWith('/c/')) return true;
  if (url.startsWith('/pixel')) {
    const next = url[6];
    return next === undefined || next === '?' || next === '/';
  }
  return false;
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One line per request, at info, written as its response finishes: method, route (the pattern,
 * and the query's names only), status, milliseconds, client address (as TRUST_PROXY lets it be
 * read), the API key's prefix when a key made the request and, as for every line of a request, its id (`reqId`). Fastify's own two lines (incoming,
 * completed) and its "route not found" line (the raw URL, query values and all) are not written.
 * The click and pixel paths get a line as TRACKING_LOG says. A 5xx also gets the error handler's line,
 * at error, with the stack.
 */
export class RequestLog extends LogController {
  constructor(private readonly tracking: TrackingLogPolicy) {
    super();
  }

  /** Whether a tracking request with this status gets its line. */
  private logsTracking(status: number): boolean {
    const t = this.tracking;
    if (t.mode === 'all' || status >= 500) return true;
    return t.mode === 'sample' && Math.random() < t.rate;
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (isTrackingPath(request.url) && !this.logsTracking(status)) return;
    const query = queryNames(request.url);
    const line = {
      method: request.method,
      route: loggedPath(request),
      ...(query ? { query } : {}),
      status,
      ms: round1(reply.elapsedTime),
      ip: request.ip,
      // A request made with an API key names the key by its prefix, never the secret.
      ...(request.auth?.apiKey ? { apiKey: request.auth.apiKey.prefix } : {}),
    };
    // The response broke off (the client went away mid-answer, say): the same line, with why.
    if (error) reply.log.warn({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }

  /** Errors the error handler did not take (plugins/error-handler.ts takes them all). */
  override defaultErrorLog(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) reply.log.error({ err: error }, 'request failed');
  }
}
