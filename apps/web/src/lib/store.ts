import { useSyncExternalStore } from 'react';

/** A tiny observable value for client-side state (alerts, settings): no extra library needed. */
export function createStore<T>(initial: T) {
  let state = initial;
  const listeners = new Set<() => void>();
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  return {
    get: () => state,
    set(next: T | ((prev: T) => T)) {
      state = typeof next === 'function' ? (next as (prev: T) => T)(state) : next;
      for (const l of listeners) l();
    },
    subscribe,
    use: <S = T>(select: (s: T) => S = (s) => s as unknown as S): S =>
      useSyncExternalStore(
        subscribe,
        () => select(state),
        () => select(state),
      ),
  };
}
