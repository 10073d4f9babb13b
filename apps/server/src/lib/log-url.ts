import type { FastifyRequest } from 'fastify';
import { looksSecret, maskedValue } from './secret-values.ts';

/**
 * Paths with a secret in a segment (docs/screens.md's reset link), and how the log writes them. Matched on
 * the decoded path, in any case and with repeated slashes, as the web app's router would take it
 * (`/Forgot-Password//…`, `/forgot-password%2F…`): everything after the prefix is dropped.
 */
const SECRET_PATHS: [RegExp, string][] = [[/^\/+forgot-password\/+[^/].*/is, '/forgot-password/:token']];

/**
 * Query parameter names whose values are secrets wherever a full URL is shown or logged: tokens,
 * keys, secrets, passwords, signatures, auth values, sessions, and login or one-time codes (a bare
 * `code` too, as OAuth and login links name it; `country_code` stays readable).
 */
const SECRET_PARAM =
  /(token|key|secret|pass|pwd|auth|sig|hash|api|session|credential|otp)|^(code|k|sk)$|(login|access|reset|verify|verification|one_?time)[_.-]?code/i;

export const isSecretParam = (name: string): boolean => SECRET_PARAM.test(name);

type RoutedRequest = Pick<FastifyRequest, 'url'> & { routeOptions?: { url?: string | undefined } };

/**
 * The path part of a request's address as the log writes it: where a route matched, its pattern
 * (`/c/:offerId/:publisherId`, `/postback`); otherwise (the web app's screens, unknown paths) the
 * path with secret segments replaced.
 */
export function loggedPath(request: RoutedRequest): string {
  const raw = request.url;
  const q = raw.indexOf('?');
  const pattern = request.routeOptions?.url;
  if (pattern && pattern !== '*') return pattern;
  const path = q === -1 ? raw : raw.slice(0, q);
  const plain = path.includes('%') ? safeDecode(path) : path;
  for (const [re, to] of SECRET_PATHS) if (re.test(plain)) return to;
  return path;
}

/** The names of a request's query parameters (`token&tid`), never their values; '' without any. */
export function queryNames(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  // Written for the request line of every logged click: one pass, no regular expression.
  const names: string[] = [];
  let start = q + 1;
  while (start <= url.length) {
    let end = url.indexOf('&', start);
    if (end === -1) end = url.length;
    const eq = url.indexOf('=', start);
    const raw = url.slice(start, eq === -1 || eq > end ? end : eq);
    if (raw) {
      const name = raw.includes('%') || raw.includes('+') ? safeDecode(raw) : raw;
      if (!names.includes(name)) names.push(name);
    }
    start = end + 1;
  }
  return names.join('&');
}

/**
 * A request's address as the log writes it: no value that could be a secret. The path as
 * `loggedPath` writes it and, of the query, only the names (`/postback?token&tid`): an
 * advertiser's token, a pixel's signature or a login code never reaches a log line.
 */
export function loggedUrl(request: RoutedRequest): string {
  const names = queryNames(request.url);
  const path = loggedPath(request);
  return names ? `${path}?${names}` : path;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
};

/** Fastify's request serializer with the address as above (the rest as Fastify writes it). */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** A query value as shown: `***` under a secret name, its first characters when it looks secret. */
function shownValue(name: string, value: string): string {
  if (isSecretParam(safeDecode(name))) return '***';
  const plain = safeDecode(value);
  return looksSecret(plain) ? maskedValue(plain) : value;
}

/**
 * A full URL as delivery logs show and log it (a publisher's postback, say): userinfo replaced by
 * `***`, the values of secret-named query parameters by `***`, and any other query value or path
 * segment that looks like a secret (secret-values.ts) by its first characters and `***`; the rest
 * as it was sent.
 */
export function maskUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return maskQueryText(raw.length > 2048 ? `${raw.slice(0, 2048)}…` : raw);
  }
  if (url.username) url.username = '***';
  if (url.password) url.password = '***';
  url.pathname = url.pathname
    .split('/')
    .map((segment) => (looksSecret(safeDecode(segment)) ? maskedValue(safeDecode(segment)) : segment))
    .join('/');
  const parts = url.search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return `${name}=${shownValue(name, pair.slice(eq + 1))}`;
    });
  url.search = parts.length ? `?${parts.join('&')}` : '';
  return url.toString();
}

const QUERY_PAIR = /([?&;])([^=&?#\s"'<>]+)=([^&#\s"'<>]*)/g;

/**
 * Free text (an error's message or stack) with the values of `name=value` pairs after a `?` or `&`
 * masked as maskUrl masks them: an error that quotes a URL does not carry its secrets into the log.
 */
export function maskQueryText(text: string): string {
  return text.replace(QUERY_PAIR, (whole, sep: string, name: string, value: string) => {
    const shown = shownValue(name, value);
    return shown === value ? whole : `${sep}${name}=${shown}`;
  });
}
