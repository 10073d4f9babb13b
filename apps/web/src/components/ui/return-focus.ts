import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus back to a dialog's opener when it closes (docs/ui.md, Accessibility): by its close button, by
 * Escape or after a save. The dialogs are opened from state, not from a dialog trigger, so the
 * dialog library has nothing to return to: this remembers what had focus when `open` became true
 * and answers the handler for the dialog content's `onCloseAutoFocus`. An opener no longer on the
 * page (a list row drawn anew after a save) is found again by its accessible name; failing that,
 * `fallback` (the bell, for a notification opened from its dropdown).
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const opener = useRef<{ element: HTMLElement; label: string | null } | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current =
      active instanceof HTMLElement && active !== document.body
        ? { element: active, label: active.getAttribute('aria-label') }
        : null;
  }, [open]);
  return useCallback(
    (event: Event) => {
      const o = opener.current;
      opener.current = null;
      const again =
        o && !o.element.isConnected && o.label
          ? document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(o.label)}"]`)
          : null;
      const target = o?.element.isConnected ? o.element : (again ?? fallback?.() ?? null);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
    [fallback],
  );
}
