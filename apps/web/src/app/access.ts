import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths.ts';
import { getSession, saveSession } from '../lib/session.ts';

/**
 * Entry by query parameters (spec §2): ?token=&publisher_id= on any layout stores them and goes
 * to /. Runs before every layout's own rule.
 */
export function entryByToken({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (!token) return null;
  saveSession(token, { publisherId: url.searchParams.get('publisher_id') });
  return redirect(paths.home);
}

/** Public layout: redirects to / when already logged in. */
export function publicOnly(args: LoaderFunctionArgs) {
  const entry = entryByToken(args);
  if (entry) return entry;
  return getSession().token ? redirect(paths.home) : null;
}

/** Select-account layout: only with a multi-login pending. */
export function selectAccountOnly(args: LoaderFunctionArgs) {
  const entry = entryByToken(args);
  if (entry) return entry;
  const s = getSession();
  return s.token && s.multiLoginPending ? null : redirect(paths.home);
}

/** Authenticated layout: /login without a session, /select-account while a choice is pending. */
export function authenticatedOnly(args: LoaderFunctionArgs) {
  const entry = entryByToken(args);
  if (entry) return entry;
  const s = getSession();
  if (!s.token) return redirect(paths.login);
  if (s.multiLoginPending) return redirect(paths.selectAccount);
  return null;
}
