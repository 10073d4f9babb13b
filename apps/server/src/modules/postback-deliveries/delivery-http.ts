import { errors, request, type Agent } from 'undici';
import { LOOP_HEADER } from './loop-guard.ts';
import { requestUrl, signatureHeaders } from './postback-signature.ts';
import { GuardError, precheckUrl } from './ssrf-guard.ts';

export type DeliveryErrorClass =
  | 'blocked_address'
  | 'blocked_protocol'
  | 'loop'
  | 'invalid_url'
  | 'dns'
  | 'timeout'
  | 'connection'
  | 'tls'
  | 'redirect'
  | 'http_4xx'
  | 'http_5xx'
  | 'rate_limited'
  | 'gone';

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  errorClass: DeliveryErrorClass | null;
  /** A plain sentence for the publisher; never the receiver's response body. */
  message: string | null;
  durationMs: number;
  /** Retry-After of a 429, in milliseconds. */
  retryAfterMs: number | null;
}

/** Classes that no retry can fix: the delivery stops at once. */
export const PERMANENT: ReadonlySet<DeliveryErrorClass> = new Set([
  'blocked_address',
  'blocked_protocol',
  'loop',
  'invalid_url',
  'gone',
]);

function retryAfter(header: string | string[] | undefined): number | null {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : Math.max(0, t - Date.now());
}

function classify(err: unknown): { errorClass: DeliveryErrorClass; message: string } {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if (e instanceof GuardError) return { errorClass: e.errorClass, message: e.message };
    e = (e as { cause?: unknown }).cause;
  }
  const code = (err as { code?: string }).code ?? '';
  if (
    err instanceof errors.HeadersTimeoutError ||
    err instanceof errors.BodyTimeoutError ||
    err instanceof errors.ConnectTimeoutError ||
    (err as Error).name === 'TimeoutError' ||
    (err as Error).name === 'AbortError'
  ) {
    return { errorClass: 'timeout', message: 'The receiver did not answer in time.' };
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return { errorClass: 'dns', message: 'The host name could not be resolved.' };
  if (/^ERR_TLS|CERT|SSL/.test(code)) return { errorClass: 'tls', message: 'The TLS handshake failed.' };
  return { errorClass: 'connection', message: 'The connection failed or was reset.' };
}

/**
 * One delivery attempt: a GET through the guarded agent, with a stable event id header, the
 * Standard Webhooks signature headers (postback-signature.ts; the event id is the Webhook-Id, the
 * timestamp this attempt's own) and the loop header (loop-guard.ts), a hard time-out, redirects
 * not followed, and the response body drained unread.
 */
export async function sendPostback(
  agent: Agent,
  url: string,
  opts: {
    eventKey: string;
    timeoutMs: number;
    ownHosts: string[];
    instanceId: string;
    /** The publisher's `whsec_` secret the attempt is signed with. */
    signingSecret: string;
    /** Cuts the attempt short (a stop); it then fails as a time-out. */
    signal?: AbortSignal;
  },
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (o: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    precheckUrl(url, { ownHosts: opts.ownHosts });
    // The string signed is the string requested.
    const target = requestUrl(url);
    const res = await request(target, {
      method: 'GET',
      dispatcher: agent,
      headers: {
        'user-agent': 'PublisherPortal-Postback/1.0',
        'x-postback-event-id': opts.eventKey,
        'idempotency-key': opts.eventKey,
        ...signatureHeaders(opts.signingSecret, opts.eventKey, target),
        [LOOP_HEADER]: opts.instanceId,
      },
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
      signal: opts.signal
        ? AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), opts.signal])
        : AbortSignal.timeout(opts.timeoutMs),
    });
    res.body.resume();
    res.body.on('error', () => {});
    const s = res.statusCode;
    if (s >= 200 && s < 300)
      return done({ ok: true, statusCode: s, errorClass: null, message: null, retryAfterMs: null });
    if (s >= 300 && s < 400)
      return done({
        ok: false,
        statusCode: s,
        errorClass: 'redirect',
        message: 'The receiver answered with a redirect, which is not followed.',
        retryAfterMs: null,
      });
    if (s === 410)
      return done({
        ok: false,
        statusCode: s,
        errorClass: 'gone',
        message: 'The receiver answered 410 Gone: no more attempts.',
        retryAfterMs: null,
      });
    if (s === 429)
      return done({
        ok: false,
        statusCode: s,
        errorClass: 'rate_limited',
        message: 'The receiver asked to slow down (429).',
        retryAfterMs: retryAfter(res.headers['retry-after']),
      });
    return done({
      ok: false,
      statusCode: s,
      errorClass: s >= 500 ? 'http_5xx' : 'http_4xx',
      message: `The receiver answered ${s}.`,
      retryAfterMs: null,
    });
  } catch (err) {
    return done({ ok: false, statusCode: null, ...classify(err), retryAfterMs: null });
  }
}
