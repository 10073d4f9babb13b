import { useSyncExternalStore } from 'react';

/** The session lives in local storage under the keys of docs/api.md: jwt_token, publisher_id, multi_account. */
export const STORAGE_KEYS = { token: 'jwt_token', publisherId: 'publisher_id', multiAccount: 'multi_account' } as const;

export interface Session {
  token: string | null;
  publisherId: string | null;
  /** Logged in with several linked accounts and none chosen yet. */
  multiLoginPending: boolean;
}

const listeners = new Set<() => void>();
let cached: Session | null = null;

function read(): Session {
  try {
    return {
      token: localStorage.getItem(STORAGE_KEYS.token),
      publisherId: localStorage.getItem(STORAGE_KEYS.publisherId),
      multiLoginPending: localStorage.getItem(STORAGE_KEYS.multiAccount) === 'true',
    };
  } catch {
    return { token: null, publisherId: null, multiLoginPending: false };
  }
}

function emit() {
  cached = read();
  for (const l of listeners) l();
}

export function getSession(): Session {
  cached ??= read();
  return cached;
}

export const isLoggedIn = () => Boolean(getSession().token);

/** An access token's claims, when readable (the server checks them; the app only shows them). */
function claimsOf(token: string): { pub?: unknown; act?: { sub?: unknown } } | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { pub?: unknown };
  } catch {
    return null;
  }
}

/** The publisher id carried in an access token (claim `pub`), when readable. */
export function publisherIdFromToken(token: string): string | null {
  const pub = claimsOf(token)?.pub;
  return typeof pub === 'number' ? String(pub) : null;
}

/** The operator viewing the portal as this publisher (claim `act.sub`, set on a login link's session). */
export function viewingOperator(token: string | null): string | null {
  const sub = token ? claimsOf(token)?.act?.sub : null;
  return typeof sub === 'string' ? sub : null;
}

export function saveSession(token: string, opts: { publisherId?: string | null; multiLoginPending?: boolean } = {}) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  const publisherId = opts.publisherId ?? publisherIdFromToken(token);
  if (publisherId) localStorage.setItem(STORAGE_KEYS.publisherId, publisherId);
  else localStorage.removeItem(STORAGE_KEYS.publisherId);
  if (opts.multiLoginPending) localStorage.setItem(STORAGE_KEYS.multiAccount, 'true');
  else localStorage.removeItem(STORAGE_KEYS.multiAccount);
  emit();
}

export function clearSession() {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  emit();
}

/** Other tabs logging in or out change this tab's session too. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) emit();
  });
}

export function useSession(): Session {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSession,
    getSession,
  );
}
