import { useSyncExternalStore } from 'react';

/**
 * The operator's console session: its token in local storage under a key of its own, apart from
 * the publisher's (`jwt_token`), so the two sessions never stand in for each other. Operator tokens
 * carry their own audience too: the server refuses either on the other's API.
 */
export const OPERATOR_TOKEN_KEY = 'operator_jwt';

const listeners = new Set<() => void>();
let cached: string | null | undefined;

function read(): string | null {
  try {
    return localStorage.getItem(OPERATOR_TOKEN_KEY);
  } catch {
    return null;
  }
}

function emit() {
  cached = read();
  for (const l of listeners) l();
}

export function getOperatorToken(): string | null {
  if (cached === undefined) cached = read();
  return cached;
}

export function saveOperatorToken(token: string) {
  localStorage.setItem(OPERATOR_TOKEN_KEY, token);
  emit();
}

export function clearOperatorSession() {
  localStorage.removeItem(OPERATOR_TOKEN_KEY);
  emit();
}

/** Another tab signing in or out changes this tab's session too. */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === OPERATOR_TOKEN_KEY) emit();
  });
}

export function useOperatorToken(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getOperatorToken,
    getOperatorToken,
  );
}
