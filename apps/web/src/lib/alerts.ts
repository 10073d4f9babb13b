import { TOAST_DURATION_MS } from '@portal/shared/constants';
import { createStore } from './store.ts';

/** Client-side alerts of docs/api.md, docs/screens.md: type, message, collectable flag, id, position. */
export type AlertType = 'success' | 'error' | 'warning' | 'info';
export interface Alert {
  id: string;
  type: AlertType;
  message: string;
  collectable: boolean;
  /** Place among the alerts still showing (0 = newest at the top). */
  position: number;
}

export const alertsStore = createStore<Alert[]>([]);

let counter = 0;
const newId = () => `alert-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** Positions follow the order of the alerts that are not collectable yet. */
function reposition(list: Alert[]): Alert[] {
  let p = 0;
  return list.map((a) => (a.collectable ? a : { ...a, position: p++ }));
}

export function addAlert(type: AlertType, message: string, durationMs = TOAST_DURATION_MS): string {
  const id = newId();
  alertsStore.set((list) => reposition([{ id, type, message, collectable: false, position: 0 }, ...list]));
  setTimeout(() => markCollectable(id), durationMs);
  return id;
}

export function markCollectable(id: string) {
  alertsStore.set((list) => reposition(list.map((a) => (a.id === id ? { ...a, collectable: true } : a))));
  // Gone from view at once; removed once its exit has had time to play.
  setTimeout(() => removeAlert(id), 300);
}

export function removeAlert(id: string) {
  alertsStore.set((list) => reposition(list.filter((a) => a.id !== id)));
}

export const alerts = {
  success: (m: string) => addAlert('success', m),
  error: (m: string) => addAlert('error', m),
  warning: (m: string) => addAlert('warning', m),
  info: (m: string) => addAlert('info', m),
};
