import type { Notification } from '@portal/shared/notifications/notifications.schemas';
import { useCallback } from 'react';
import { createStore } from '../../lib/store.ts';
import { useSetNotificationRead } from './api/set-notification-read.ts';

/**
 * The notification open in the side panel (docs/api.md client-side state "selectedNotification"): one
 * panel for the whole app, opened from the bell or from the Notifications list.
 */
export const selectedNotificationStore = createStore<Notification | null>(null);

export const closeNotification = () => selectedNotificationStore.set(null);

/** Opens a notification in the side panel; an unread one becomes read (docs/screens.md Notifications). */
export function useOpenNotification() {
  const setRead = useSetNotificationRead();
  const { mutate } = setRead;
  return useCallback(
    (n: Notification) => {
      selectedNotificationStore.set(n);
      if (!n.is_read) mutate(n.notification_id);
    },
    [mutate],
  );
}

/** Following a notification's link from a list counts as reading it, as opening it does. */
export function useFollowNotification() {
  const { mutate } = useSetNotificationRead();
  return useCallback(
    (n: Notification) => {
      if (!n.is_read) mutate(n.notification_id);
    },
    [mutate],
  );
}
