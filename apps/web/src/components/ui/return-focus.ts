import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus back to a dialog's opener when it closes (docs/ui.md, Accessibility): by its close button, by
 * Escape or after a save. The dialogs are opened from state, not from a dialog trigger, so the
 * dialog library has nothing to return to: this remembers what had focus when `open` became true
 * and answers the handler for the dialog content's `onCloseAutoFocus`. An opener no longer on the
 * page (a list row drawn anew after a save, a toolbar drawn anew while the dialog loaded) is found
 * again by its accessible name (its label, or a button's or link's own text); failing that,
 * `fallback` (the bell, for a notification opened from its dropdown).
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null) {
  const opener = useRef<{ element: HTMLElement; label: string | null } | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current =
      active instanceof HTMLElement && active !== document.body
        ? { element: active, label: accessibleName(active) }
        : null;
  }, [open]);
  return useCallback(
    (event: Event) => {
      const o = opener.current;
      opener.current = null;
      const again = o && !o.element.isConnected && o.label ? findByName(o.label) : null;
      const target = o?.element.isConnected ? o.element : (again ?? fallback?.() ?? null);
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
    [fallback],
  );
}

/** A control's name as a screen reader reads it: its label, else its own text. */
function accessibleName(element: HTMLElement): string | null {
  return element.getAttribute('aria-label') ?? (element.textContent?.trim() || null);
}

function findByName(name: string): HTMLElement | null {
  const labelled = document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(name)}"]`);
  if (labelled) return labelled;
  for (const control of document.querySelectorAll<HTMLElement>('button, a[href], [role="button"]')) {
    if (!control.hasAttribute('aria-label') && control.textContent?.trim() === name) return control;
  }
  return null;
}
