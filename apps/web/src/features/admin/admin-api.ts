import { ADMIN_API_BASE } from '@portal/shared/admin/admin-paths';
import { API_BASE } from '@portal/shared/api-paths';
import { alerts } from '../../lib/alerts.ts';
import { apiBase, goTo, request, type RequestOptions } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { consolePaths } from './console-paths.ts';
import { clearOperatorSession, getOperatorToken } from './session/operator-session.ts';

/**
 * The operator API's client (docs/operator-console.md): the publisher client's JSON, XSRF and
 * error handling, with the operator's token and never the publisher's. A 401 on a console page
 * ends the console session and goes to the console's sign-in; 404 and 403 are the caller's.
 */
export const adminBase = `${apiBase.endsWith(API_BASE) ? apiBase.slice(0, -API_BASE.length) : ''}${ADMIN_API_BASE}`;

let signingOut = false;

async function adminRequest<T>(path: string, opts: RequestOptions): Promise<T> {
  try {
    return await request<T>(path, {
      ...opts,
      base: adminBase,
      // '' sends no token at all rather than the publisher's.
      token: opts.token ?? getOperatorToken() ?? '',
      handle: { unauthorized: false, notFound: false },
    });
  } catch (err) {
    const onConsolePage = !window.location.pathname.startsWith(consolePaths.login);
    if (isApiError(err) && err.status === 401 && opts.token === undefined && onConsolePage && !signingOut) {
      signingOut = true;
      clearOperatorSession();
      alerts.error('Please log-in again.');
      goTo(consolePaths.login);
      setTimeout(() => (signingOut = false), 1000);
    }
    throw err;
  }
}

export const adminApi = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    adminRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body: unknown = {}, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    adminRequest<T>(path, { ...opts, method: 'POST', body }),
};
