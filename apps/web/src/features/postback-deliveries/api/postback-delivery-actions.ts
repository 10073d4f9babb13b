import { POSTBACK_DELIVERY_PATHS } from '@portal/shared/postback-deliveries/postback-deliveries.constants';
import type { DeliverySendTestResponse } from '@portal/shared/postback-deliveries/postback-deliveries.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { POSTBACK_DELIVERIES_KEY } from './get-postback-deliveries.ts';

const OWN_ERRORS = { handle: { serverError: false } } as const;

/** Replay one delivery (same event id, fresh retry budget). */
export function useReplayDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post<{ data: { delivery_id: number; delivery_status: string } }>(
        POSTBACK_DELIVERY_PATHS.replay,
        { delivery_id: deliveryId },
        OWN_ERRORS,
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [POSTBACK_DELIVERIES_KEY] }),
  });
}

/** Replay every failed delivery of a postback created since a time. */
export function useReplayFailed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { since: Date; postbackId: number }) =>
      api
        .post<{ data: { replayed: number } }>(
          POSTBACK_DELIVERY_PATHS.replayFailed,
          { since: v.since.toISOString(), postback_id: v.postbackId },
          OWN_ERRORS,
        )
        .then((r) => r.data),
    onSuccess: () => void qc.invalidateQueries({ queryKey: [POSTBACK_DELIVERIES_KEY] }),
  });
}

/** Fire the postback once with sample values; the outcome, never the receiver's body. */
export function useSendTest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (postbackId: number) =>
      api
        .post<DeliverySendTestResponse>(POSTBACK_DELIVERY_PATHS.sendTest, { postback_id: postbackId }, OWN_ERRORS)
        .then((r) => r.data),
    onSettled: () => void qc.invalidateQueries({ queryKey: [POSTBACK_DELIVERIES_KEY] }),
  });
}
