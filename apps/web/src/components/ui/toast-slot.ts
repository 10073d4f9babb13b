import { useSyncExternalStore } from 'react';

/**
 * Where toasts show while a modal is open: a place under the modal's header (docs/ui.md, States),
 * so a toast never covers the modal's title or its close button, and its Dismiss button sits inside
 * the modal (a click on it is not a click outside, which would close the modal). Modals register
 * their place when they open; the newest open one holds the toasts.
 */
const places: HTMLElement[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** A ref callback for a modal's toast place (React 19 runs the returned cleanup when it goes). */
export function toastPlaceRef(el: HTMLElement | null) {
  if (!el) return;
  places.push(el);
  notify();
  return () => {
    places.splice(places.indexOf(el), 1);
    notify();
  };
}

const current = () => places.at(-1) ?? null;
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The open modal's toast place, or null: toasts float at the top of the window. */
export const useToastPlace = () => useSyncExternalStore(subscribe, current, () => null);
