import { useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * A module the first paint does without (a picker's calendar, a menu's popup): loaded once, when
 * one of its stand-ins is first reached for (pointed at, focused, clicked). Stand-ins look like the
 * real component, so the swap moves nothing on screen; once loaded, every stand-in of it swaps.
 */
export interface Deferred<T> {
  /** Starts loading (once) and resolves with the module's value. */
  load: () => Promise<T>;
  /** The value once loaded, else null. */
  loaded: () => T | null;
  /** Calls `listener` when the value has loaded; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

export function deferred<T>(importer: () => Promise<T>): Deferred<T> {
  let promise: Promise<T> | null = null;
  let value: T | null = null;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (promise ??= importer().then(
        (v) => {
          value = v;
          listeners.forEach((l) => l());
          return v;
        },
        (err: unknown) => {
          // A failed fetch (a new deployment, a lost connection) may be tried again on the next use.
          promise = null;
          throw err;
        },
      )),
    loaded: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The deferred value for a component: null until loaded. `request` starts loading it (the
 * stand-in's pointer, focus and click handlers call it). A stand-in treats a press (pointerdown)
 * as its click: swapped between press and release, the real button would never see the click.
 */
export function useDeferred<T>(module: Deferred<T>): { value: T | null; request: () => void } {
  const value = useSyncExternalStore(module.subscribe, module.loaded, module.loaded);
  const request = useCallback(() => {
    module.load().catch(() => undefined);
  }, [module]);
  return { value, request };
}

/**
 * A button stand-in for a deferred popup (a menu, a picker, a dialog's trigger): the props that
 * load the component when the button is pointed at, focused or pressed, and `clicked`, which the
 * real component takes as `defaultOpen` so a press opens it as soon as it is there.
 */
export function useStandInTrigger<T>(module: Deferred<T>) {
  const { value, request } = useDeferred(module);
  const [clicked, setClicked] = useState(false);
  const press = () => {
    setClicked(true);
    request();
  };
  const triggerProps = {
    'aria-expanded': false,
    onPointerEnter: request,
    onFocus: request,
    onPointerDown: press,
    onClick: press,
  } as const;
  return { value, request, clicked, triggerProps };
}

const FOCUSABLE = 'button, [href], input, [tabindex]:not([tabindex="-1"])';

/**
 * Where a stand-in and then its component are drawn (a `display: contents` box, no box of its
 * own). A stand-in that has the keyboard focus when its component arrives hands the focus on to
 * the component's own button, so Enter, Escape and Tab carry on as if nothing was swapped.
 */
export function StandInSlot({ swapped, children }: { swapped: boolean; children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  const focused = useRef(false);
  useLayoutEffect(() => {
    if (!swapped || !focused.current) return;
    focused.current = false;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [swapped]);
  return (
    <span
      ref={box}
      className="contents"
      onFocus={() => {
        if (!swapped) focused.current = true;
      }}
      // A stand-in removed while focused may blur with no next element: only a move elsewhere counts.
      onBlur={(e) => {
        if (e.relatedTarget) focused.current = false;
      }}
    >
      {children}
    </span>
  );
}
