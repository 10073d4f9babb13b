import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths.ts';
import { openLoginLink } from '../features/auth/login-link/open-login-link.ts';
import { takeLoginLink } from '../lib/login-link.ts';
import { getSession } from '../lib/session.ts';
import { queryClient } from './providers.tsx';

/**
 * Entry by link on any layout (docs/screens.md): `?login_code=&publisher_id=`. The code was taken
 * out of the address bar before the router started (`lib/login-link.ts`); here it is exchanged.
 * A new session goes to /; with a session already open the page stays and the switch prompt asks
 * first. Runs before every layout's own rule. A raw `?token=` is not an entry any more (the spec's
 * token entry let any link replace a session silently): it is dropped, unused.
 */
export async function entryByLink(_args?: LoaderFunctionArgs) {
  const link = takeLoginLink();
  if (!link) return null;
  if (!(await openLoginLink(link))) return null;
  queryClient.clear();
  return redirect(paths.home);
}

/** Public layout: redirects to / when already logged in. */
export async function publicOnly(args: LoaderFunctionArgs) {
  const entry = await entryByLink(args);
  if (entry) return entry;
  return getSession().token ? redirect(paths.home) : null;
}

/** Select-account layout: only with a multi-login pending. */
export async function selectAccountOnly(args: LoaderFunctionArgs) {
  const entry = await entryByLink(args);
  if (entry) return entry;
  const s = getSession();
  return s.token && s.multiLoginPending ? null : redirect(paths.home);
}

/** Authenticated layout: /login without a session, /select-account while a choice is pending. */
export async function authenticatedOnly(args: LoaderFunctionArgs) {
  const entry = await entryByLink(args);
  if (entry) return entry;
  const s = getSession();
  if (!s.token) return redirect(paths.login);
  if (s.multiLoginPending) return redirect(paths.selectAccount);
  return null;
}
