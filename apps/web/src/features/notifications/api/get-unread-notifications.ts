import { API_PATHS } from '@portal/shared/api-paths';
import type { NotificationModalResponse } from '@portal/shared/notifications/notifications.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Every notifications query starts with this key part. */
export const NOTIFICATIONS_KEY = 'notifications';

/** The bell checks again this often while the page is visible (docs/screens.md gives no interval). */
export const BELL_REFRESH_MS = 60_000;

/**
 * `POST /notifications/get-notification-modal-data` (no body) → the unread notifications the bell
 * lists. A failure leaves the bell quiet rather than taking the page to the 500 screen.
 */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: [NOTIFICATIONS_KEY, 'unread'],
    queryFn: ({ signal }) =>
      api
        .post<NotificationModalResponse>(API_PATHS.notificationModal, undefined, {
          signal,
          handle: { notFound: false, serverError: false },
        })
        .then((r) => r.data),
    // Asked for whenever the app's frame mounts (a new session), then every minute and on focus.
    staleTime: 0,
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

/** `refetchOnMount: false` for a second reader mounted later (the bell that replaces its stand-in). */
export const useUnreadNotifications = (options: { refetchOnMount?: boolean } = {}) =>
  useQuery({ ...unreadNotificationsQuery(), ...options });
