import { LOGIN_CODE_REFUSED_MESSAGE } from '@portal/shared/auth/login-code';
import { alerts } from '../../../lib/alerts.ts';
import { isApiError } from '../../../lib/api-error.ts';
import type { LoginLink } from '../../../lib/login-link.ts';
import { getSession, saveSession } from '../../../lib/session.ts';
import { createStore } from '../../../lib/store.ts';
import { exchangeLoginCode, whoIs, whoIsChoosing } from '../api/login-code.ts';

/**
 * Opening a link that logs in. The code is exchanged at once (it works once: nothing reusable is
 * left in the tab), and then:
 *
 * - no session open: the new one is stored and the caller goes to /;
 * - a session open (anyone's, the same user's too): the new token is kept in memory only, and
 *   `switchPrompt` asks "You are signed in as … Switch to …?"; Switch stores it, Cancel forgets it
 *   and the page stays as it was;
 * - a refused code: an error toast, and whatever session existed stays.
 */
export interface SwitchOffer {
  /** Who is signed in now: their name, else their e-mail. */
  current: string;
  /** The link's account: its name and the user's e-mail. */
  target: string;
  jwt: string;
}

export const switchPrompt = createStore<SwitchOffer | null>(null);

export const LOGIN_LINK_MESSAGES = {
  refused: LOGIN_CODE_REFUSED_MESSAGE,
  unable: 'We were unable to log you in with this link. Please try again.',
} as const;

function refusal(error: unknown): string {
  if (!isApiError(error) || error.status === null || error.status >= 500) return LOGIN_LINK_MESSAGES.unable;
  if (error.status === 429) return error.serverMessage ?? LOGIN_LINK_MESSAGES.unable;
  return LOGIN_LINK_MESSAGES.refused;
}

const nameOf = (u: { firstname: string; lastname: string; email: string }) =>
  `${u.firstname} ${u.lastname}`.trim() || u.email;

/** Who the open session belongs to; null when the stored token is no longer accepted. */
async function currentUser(multiLoginPending: boolean): Promise<string | null> {
  try {
    return nameOf(multiLoginPending ? await whoIsChoosing() : await whoIs());
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    return 'your current account';
  }
}

/** Runs the link; true when a new session was stored (the caller then goes to /). */
export async function openLoginLink(link: LoginLink): Promise<boolean> {
  let jwt: string;
  try {
    jwt = (await exchangeLoginCode(link.code)).data.jwt;
  } catch (error) {
    alerts.error(refusal(error));
    return false;
  }
  const session = getSession();
  const current = session.token ? await currentUser(session.multiLoginPending) : null;
  if (current === null) {
    saveSession(jwt);
    return true;
  }
  let target = 'the account of this link';
  try {
    const u = await whoIs(jwt);
    target = `${u.publisher_name} (${u.email})`;
  } catch {
    // The prompt still asks, naming the account less precisely.
  }
  switchPrompt.set({ current, target, jwt });
  return false;
}
