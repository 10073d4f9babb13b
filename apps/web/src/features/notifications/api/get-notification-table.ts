import { API_PATHS } from '@portal/shared/api-paths';
import { PAGE_SIZE } from '@portal/shared/constants';
import type {
  NotificationTableRequestBody,
  NotificationTableResponse,
} from '@portal/shared/notifications/notifications.schemas';
import { useKeysetList } from '../../../components/ui/list/keyset.ts';
import { api } from '../../../lib/api-client.ts';
import { NOTIFICATIONS_KEY } from './get-unread-notifications.ts';

/** The Notifications list's filters (docs/screens.md Notifications): null is "any". */
export interface NotificationTableQuery {
  isRead: boolean | null;
  isUrgent: boolean | null;
  search: string;
}

/** Every page of the list, whatever its filters. */
export const notificationTableKey = () => [NOTIFICATIONS_KEY, 'table'] as const;

/**
 * `POST /notifications/get-notification-table-data {filter_is_read, filter_is_urgent, search, cursor}`
 * (docs/api.md), page by page. List failures are silent (docs/errors.md).
 */
export const useNotificationTable = (q: NotificationTableQuery) =>
  useKeysetList({
    queryKey: notificationTableKey(),
    query: {
      filter_is_read: q.isRead,
      filter_is_urgent: q.isUrgent,
      search: q.search,
      limit: PAGE_SIZE,
    } satisfies NotificationTableRequestBody,
    fetch: (body, signal) =>
      api.post<NotificationTableResponse>(API_PATHS.notificationTable, body, {
        signal,
        handle: { serverError: false },
      }),
  });
