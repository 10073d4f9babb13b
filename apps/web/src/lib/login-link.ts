import { LOGIN_CODE_PARAM } from '@portal/shared/auth/login-code';
import { ROUTES } from '../config/paths.ts';

/**
 * Links that log in (docs/screens.md, "Entry by link"): `?login_code=<code>&publisher_id=<id>`.
 *
 * `captureLoginLink()` runs first thing (main.tsx), before the router and before any request:
 * it takes the code out of the address bar with `history.replaceState` (so it stays neither in the
 * address bar, nor in this tab's history, nor in a Referer) and keeps it in memory for the router's
 * entry rule (`app/access.ts`), which exchanges it by POST. A raw `?token=` is no longer an entry:
 * it is dropped from the address bar the same way and never stored, but on the operator console's
 * set-password page, whose one-time link carries it: kept in memory for that page.
 */
export interface LoginLink {
  code: string;
}

/** Query names that never stay in the address bar. */
const SECRET_PARAMS = [LOGIN_CODE_PARAM, 'token'];

let captured: LoginLink | null = null;
let setPasswordToken: string | null = null;

export function captureLoginLink(loc: Location = window.location, hist: History = window.history): void {
  const url = new URL(loc.href);
  if (!SECRET_PARAMS.some((p) => url.searchParams.has(p))) return;
  const code = url.searchParams.get(LOGIN_CODE_PARAM);
  if (url.pathname === ROUTES.adminSetPassword.path) setPasswordToken = url.searchParams.get('token');
  for (const p of [...SECRET_PARAMS, 'publisher_id']) url.searchParams.delete(p);
  hist.replaceState(hist.state, '', `${url.pathname}${url.search}${url.hash}`);
  captured = code ? { code } : null;
}

/** The captured link, once: the first entry rule to ask gets it. */
export function takeLoginLink(): LoginLink | null {
  const link = captured;
  captured = null;
  return link;
}

/** The console's set-password token taken from the address bar, once. */
export function takeSetPasswordToken(): string | null {
  const token = setPasswordToken;
  setPasswordToken = null;
  return token;
}
