import { redirect, type LoaderFunctionArgs } from 'react-router';
import { consolePaths } from '../features/admin/console-paths.ts';
import { getOperatorToken } from '../features/admin/session/operator-session.ts';

/**
 * The console's sign-in pages: an operator already signed in goes to the Overview from the
 * sign-in; a set-password link opens whoever is signed in (it is someone else's invitation).
 */
export function consoleSignedOutOnly({ request }: LoaderFunctionArgs) {
  if (new URL(request.url).pathname === consolePaths.setPassword) return null;
  return getOperatorToken() ? redirect(consolePaths.overview) : null;
}

/** The console's pages: sign-in first (docs/operator-console.md). */
export function consoleSignedInOnly() {
  return getOperatorToken() ? null : redirect(consolePaths.login);
}
