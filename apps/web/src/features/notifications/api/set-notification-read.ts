import { API_PATHS } from '@portal/shared/api-paths';
import type { ListResponse } from '@portal/shared/common/list';
import type { Notification, NotificationResponse } from '@portal/shared/notifications/notifications.schemas';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notificationKey } from './get-notification.ts';
import { notificationTableKey } from './get-notification-table.ts';
import { unreadNotificationsQuery } from './get-unread-notifications.ts';

const markRead = (n: Notification, id: number): Notification =>
  n.notification_id === id ? { ...n, is_read: true } : n;

/** Marks one notification read in every list the app holds: the bell, the tables, the panel. */
export function markReadLocally(qc: QueryClient, id: number) {
  qc.setQueryData(unreadNotificationsQuery().queryKey, (list) => list?.map((n) => markRead(n, id)));
  qc.setQueriesData<InfiniteData<ListResponse<Notification>, string | null>>(
    { queryKey: notificationTableKey() },
    (d) => (d ? { ...d, pages: d.pages.map((p) => ({ ...p, data: p.data.map((n) => markRead(n, id)) })) } : d),
  );
  qc.setQueryData<Notification>(notificationKey(id), (n) => (n ? markRead(n, id) : n));
}

/**
 * `POST /notifications/set-notification-as-read-by-id {notification_id}` (docs/screens.md Notifications):
 * the lists mark it read at once; the bell asks the server again once the call is answered.
 */
export function useSetNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<NotificationResponse>(
        API_PATHS.notificationSetRead,
        { notification_id: id },
        { handle: { notFound: false, serverError: false } },
      ),
    onMutate: (id) => markReadLocally(qc, id),
    onSettled: () => qc.invalidateQueries({ queryKey: unreadNotificationsQuery().queryKey }),
  });
}
