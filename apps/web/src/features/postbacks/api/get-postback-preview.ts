import { POSTBACK_DELIVERY_PATHS } from '@portal/shared/postback-deliveries/postback-deliveries.constants';
import type { DeliveryPreviewResponse } from '@portal/shared/postback-deliveries/postback-deliveries.schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

const OWN_ERRORS = { handle: { serverError: false } } as const;

/** The value rendered against the latest real conversion, as it is typed (debounced). */
export function usePostbackPreview(value: string, enabled: boolean) {
  const settled = useDebouncedValue(value.trim(), 400);
  return useQuery({
    queryKey: ['postback-preview', settled],
    queryFn: ({ signal }) =>
      api
        .post<DeliveryPreviewResponse>(
          POSTBACK_DELIVERY_PATHS.preview,
          { postback_value: settled },
          { signal, ...OWN_ERRORS },
        )
        .then((r) => r.data),
    enabled: enabled && settled !== '',
    staleTime: 30_000,
    placeholderData: (prev) => prev,
  });
}
