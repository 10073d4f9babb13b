import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  NotificationRecipientListRequest,
  NotificationRecipientListResponse,
  NotificationSendListRequest,
  NotificationSendListResponse,
  NotificationSendRequest,
  NotificationSendResponse,
} from '@portal/shared/admin/notifications.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import type { LoadOptions } from '../../../components/ui/select/types.ts';
import { adminApi } from '../admin-api.ts';

const KEY = ['admin', 'notification-sends'] as const;

/** The sent notices, newest first, with recipients and read counts (docs/operator-console.md "Notifications"). */
export const useSentNotifications = () =>
  useInfiniteList({
    queryKey: [...KEY, 'list'],
    fetchPage: ({ cursor, signal }) => {
      const body: NotificationSendListRequest = {
        filters: {},
        limit: PAGE_SIZE,
        sort: 'sent_at',
        order: -1,
        ...(cursor ? { cursor } : {}),
      };
      return adminApi.post<NotificationSendListResponse>(ADMIN_API_PATHS.notificationSends, body, {
        signal,
        handle: { serverError: false },
      });
    },
  });

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSendRequest) =>
      adminApi.post<NotificationSendResponse>(ADMIN_API_PATHS.notificationSend, body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The publishers a notice can go to, page by page, searched by the server (name, e-mail or id). */
export const loadRecipients: LoadOptions = async ({ search, cursor, signal }) => {
  const body: NotificationRecipientListRequest = {
    filters: {},
    limit: PAGE_SIZE,
    sort: 'name',
    order: 1,
    search: search || null,
    ...(cursor ? { cursor } : {}),
  };
  const r = await adminApi.post<NotificationRecipientListResponse>(ADMIN_API_PATHS.notificationRecipients, body, {
    signal,
    handle: false,
  });
  return {
    options: r.data.map((p) => ({
      value: String(p.id),
      label: p.status === 'active' ? `${p.name} (#${p.id})` : `${p.name} (#${p.id}, ${p.status})`,
    })),
    next: r.cursor.next,
  };
};
