import { useCallback, useEffect, useState } from 'react';

/**
 * A module the first paint does without (a picker's calendar, a menu's popup): loaded once, when
 * its stand-in is first used or when the browser is idle after the page has loaded, whichever
 * comes first. Stand-ins look like the real component, so the swap moves nothing on screen.
 */
export interface Deferred<T> {
  /** Starts loading (once) and resolves with the module's value. */
  load: () => Promise<T>;
  /** The value once loaded, else null. */
  loaded: () => T | null;
}

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let promise: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load: () =>
      (promise ??= importer().then((v) => {
        value = v;
        return v;
      })),
    loaded: () => value,
  };
}

/** How long after the load event an idle browser is waited for, at most. */
const IDLE_TIMEOUT_MS = 3000;

/** Calls `run` once the page has loaded and the browser is idle (or after a timeout); returns a cancel. */
export function whenIdle(run: () => void): () => void {
  let cancelled = false;
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    else timer = window.setTimeout(run, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
    window.clearTimeout(timer);
  };
}

/**
 * The deferred value for a component: null until loaded. It loads when idle, or at once when
 * `request` is called (the stand-in's pointer, focus or click handlers call it).
 */
export function useDeferred<T>(module: Deferred<T>): { value: T | null; request: () => void } {
  const [value, setValue] = useState<T | null>(module.loaded);
  const request = useCallback(() => {
    void module.load().then((v) => setValue(() => v));
  }, [module]);
  useEffect(() => (value === null ? whenIdle(request) : undefined), [value, request]);
  return { value, request };
}
