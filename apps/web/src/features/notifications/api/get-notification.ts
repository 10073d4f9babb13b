import { API_PATHS } from '@portal/shared/api-paths';
import type { Notification, NotificationResponse } from '@portal/shared/notifications/notifications.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-unread-notifications.ts';

export const notificationKey = (id: number) => [NOTIFICATIONS_KEY, 'by-id', id] as const;

/**
 * `POST /notifications/get-notification-by-id {notification_id}`: the side panel's notification,
 * loaded when it opens. The copy from the list shows meanwhile; any failure (a 404 included) is the
 * panel's own 'Error' (docs/errors.md Others), not a page change.
 */
export const notificationQuery = (id: number, shown?: Notification) =>
  queryOptions({
    queryKey: notificationKey(id),
    queryFn: ({ signal }) =>
      api
        .post<NotificationResponse>(
          API_PATHS.notificationById,
          { notification_id: id },
          { signal, handle: { notFound: false, serverError: false } },
        )
        .then((r) => r.data),
    placeholderData: shown,
    staleTime: 0,
  });

export const useNotification = (id: number, shown?: Notification) => useQuery(notificationQuery(id, shown));
