import { API_BASE } from '@portal/shared/api-paths';
import { ApiError, NETWORK_ERROR, REQUEST_ABORTED, statusMessage, timeoutMessage } from './api-error.ts';
import { alerts } from './alerts.ts';
import { clearSession, getSession } from './session.ts';
import { setFailed } from './settings.ts';

/**
 * The HTTP client of docs/api.md: JSON, bearer token from local storage, XSRF cookie echoed as a
 * header, cancellable through an AbortSignal, no time-out unless asked, 2xx = success.
 *
 * Automatic handling (docs/screens.md, docs/errors.md): 401 → 'Please log-in again.', session cleared, /login;
 * 404 → /not-found; 500 → the settings failed flag (500 page). Calls made from login pages, and
 * calls to login paths, are exempt and get the error unchanged. A caller whose screen has its own
 * message for a failure opts out with `handle: false` (forms with the spec's 500 texts).
 */
export const apiBase = (import.meta.env.VITE_API_BASE as string | undefined) ?? API_BASE;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Use this bearer token instead of the stored one (pending two-factor login; '' sends none). */
  token?: string;
  /** Another API's base (the operator API's), instead of the publisher API's. */
  base?: string;
  timeoutMs?: number;
  /** The answer is a file (a PDF): resolves with its bytes as a Blob instead of parsed JSON. */
  file?: boolean;
  /** false: no automatic 401/404/500 handling; an object picks which. */
  handle?: boolean | { unauthorized?: boolean; notFound?: boolean; serverError?: boolean };
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
/** The router registers its navigate so redirects stay inside the app. */
export const setNavigator = (fn: Navigate) => {
  navigate = fn;
};
/** Goes to an address inside the app (the router's navigate once registered). */
export const goTo = (to: string) => navigate(to);

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

const isLoginPath = (s: string) => /login/i.test(s);

function handles(opts: RequestOptions, which: 'unauthorized' | 'notFound' | 'serverError'): boolean {
  if (opts.handle === false) return false;
  if (opts.handle === undefined || opts.handle === true) return true;
  return opts.handle[which] ?? true;
}

let loggingOut = false;

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  let url = `${opts.base ?? apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  if (opts.query) {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(opts.query)) if (v != null) qs.set(k, String(v));
    const s = qs.toString();
    if (s) url += `?${s}`;
  }
  const headers: Record<string, string> = { Accept: opts.file ? '*/*' : 'application/json' };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const token = opts.token ?? getSession().token;
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;

  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  const timer = opts.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, opts.timeoutMs)
    : null;

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch {
    if (timedOut) throw new ApiError(timeoutMessage(opts.timeoutMs ?? 0), null, null, null, {}, 'timeout');
    if (controller.signal.aborted) throw new ApiError(REQUEST_ABORTED, null, null, null, {}, 'aborted');
    throw new ApiError(NETWORK_ERROR, null, null, null, {}, 'network');
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  if (res.ok && opts.file) return (await res.blob()) as T;
  const text = await res.text().catch(() => '');
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (res.ok) return body as T;

  const errBody = (body ?? {}) as { error?: { code?: string; message?: string }; errors?: ApiError['fields'] };
  const error = new ApiError(
    statusMessage(res.status),
    res.status,
    errBody.error?.code ?? null,
    errBody.error?.message ?? null,
    errBody.errors ?? {},
  );

  const exempt = isLoginPath(window.location.pathname) || isLoginPath(path) || path.includes('authenticate');
  if (!exempt) {
    if (res.status === 401 && handles(opts, 'unauthorized')) {
      if (!loggingOut) {
        loggingOut = true;
        clearSession();
        alerts.error('Please log-in again.');
        navigate('/login');
        setTimeout(() => (loggingOut = false), 1000);
      }
    } else if (res.status === 404 && handles(opts, 'notFound')) {
      navigate('/not-found');
    } else if (res.status === 500 && handles(opts, 'serverError')) {
      setFailed(true);
    }
  }
  throw error;
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }),
};
