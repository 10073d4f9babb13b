import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  NotificationRecipientListResponse,
  NotificationSendListRequest,
  NotificationSendListResponse,
  NotificationSendRequest,
  NotificationSendResponse,
} from '@portal/shared/admin/notifications.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { adminOptions, useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'notification-sends'] as const;

/** The sent notices, newest first, with recipients and read counts (docs/operator-console.md "Notifications"). */
export const useSentNotifications = () =>
  useAdminList<NotificationSendListResponse>(ADMIN_API_PATHS.notificationSends, [...KEY, 'list'], {
    filters: {},
    limit: PAGE_SIZE,
    sort: 'sent_at',
    order: -1,
  } satisfies NotificationSendListRequest);

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSendRequest) =>
      adminApi.post<NotificationSendResponse>(ADMIN_API_PATHS.notificationSend, body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** The publishers a notice can go to, page by page, searched by the server (name, e-mail or id). */
export const loadRecipients = adminOptions<NotificationRecipientListResponse['data'][number]>(
  ADMIN_API_PATHS.notificationRecipients,
  (p) => ({
    value: String(p.id),
    label: p.status === 'active' ? `${p.name} (#${p.id})` : `${p.name} (#${p.id}, ${p.status})`,
  }),
);
