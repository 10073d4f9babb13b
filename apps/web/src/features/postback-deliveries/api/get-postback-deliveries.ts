import type {
  DeliveryLogRequest,
  DeliveryLogResponse,
} from '@portal/shared/postback-deliveries/postback-deliveries.schemas';
import { POSTBACK_DELIVERY_PATHS } from '@portal/shared/postback-deliveries/postback-deliveries.constants';
import { useKeysetList } from '../../../components/ui/list/keyset.ts';
import { api } from '../../../lib/api-client.ts';

export const POSTBACK_DELIVERIES_KEY = 'postback-deliveries';

/** `POST /postback-delivery/log`: a postback's delivery attempts (null: every postback's), newest first. */
export function usePostbackDeliveries(
  postbackId: number | null,
  status: DeliveryLogRequest['filters']['delivery_status'] | null,
) {
  return useKeysetList({
    queryKey: [POSTBACK_DELIVERIES_KEY, postbackId],
    query: { filters: { postback_id: postbackId, delivery_status: status }, limit: 20 } satisfies DeliveryLogRequest,
    fetch: (body, signal) =>
      api.post<DeliveryLogResponse>(POSTBACK_DELIVERY_PATHS.log, body, { signal, handle: { serverError: false } }),
  });
}
