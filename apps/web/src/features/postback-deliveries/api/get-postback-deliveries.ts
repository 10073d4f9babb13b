import type {
  DeliveryLogRequest,
  DeliveryLogResponse,
} from '@portal/shared/postback-deliveries/postback-deliveries.schemas';
import { POSTBACK_DELIVERY_PATHS } from '@portal/shared/postback-deliveries/postback-deliveries.constants';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import { api } from '../../../lib/api-client.ts';

export const POSTBACK_DELIVERIES_KEY = 'postback-deliveries';

/** `POST /postback-delivery/log`: a postback's delivery attempts, newest first. */
export function usePostbackDeliveries(
  postbackId: number,
  status: DeliveryLogRequest['filters']['delivery_status'] | null,
) {
  return useInfiniteList({
    queryKey: [POSTBACK_DELIVERIES_KEY, postbackId, status],
    fetchPage: ({ cursor, signal }) =>
      api.post<DeliveryLogResponse>(
        POSTBACK_DELIVERY_PATHS.log,
        { filters: { postback_id: postbackId, delivery_status: status }, limit: 20, ...(cursor ? { cursor } : {}) },
        { signal, handle: { serverError: false } },
      ),
  });
}
