/**
 * Links that log in: `{PUBLIC_URL}/?login_code=<code>&publisher_id=<id>`. The code is
 * single use and short-lived; the web app takes it out of the address bar at once and exchanges it
 * with `POST /user/exchange-login-code`, which answers like a login. Kept free of zod so the web
 * app's entry can import it without the schema library.
 */
export const LOGIN_CODE_PARAM = 'login_code';

/** How long an operator's login link works, in seconds. */
export const LOGIN_CODE_TTL_SECONDS = 5 * 60;

/** The one answer for a code that is unknown, used, expired or no longer valid for its account. */
export const LOGIN_CODE_REFUSED_MESSAGE = 'This login link is invalid, has expired or has already been used.';

/**
 * What the publisher API answers (403) when a session a console viewer opened with "View as
 * publisher" tries to change something: such a session reads only.
 */
export const VIEW_AS_READ_ONLY_MESSAGE =
  'You are viewing this account with a viewer role in the console: changes are not allowed.';
