import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  AdminConversionListRequest,
  AdminConversionListResponse,
  AdminConversionStatus,
  ConversionReverseRequest,
  ConversionReverseResponse,
  ConversionStatusRequest,
  ConversionStatusResponse,
} from '@portal/shared/admin/conversions.schemas';
import type { DateRange } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'conversions'] as const;

export interface ConversionQuery {
  tid: string | null;
  orderId: string | null;
  publisherId: number | null;
  offerId: number | null;
  status: AdminConversionStatus | null;
  dateRange: DateRange | null;
  timeZone: string;
}

/** Conversions, newest first, page by page as the list scrolls (docs/operator-console.md "Conversions"). */
export const useConversionList = (f: ConversionQuery) =>
  useAdminList<AdminConversionListResponse>(ADMIN_API_PATHS.conversions, [...KEY, 'list'], {
    filters: {
      tid: f.tid,
      order_id: f.orderId,
      publisher_id: f.publisherId,
      offer_id: f.offerId,
      status: f.status,
      date_range: f.dateRange,
      time_zone: f.timeZone,
    },
    limit: PAGE_SIZE,
    sort: 'id',
    order: -1,
  } satisfies AdminConversionListRequest);

/** Reverse a conversion with a reason; the list reloads. */
export function useReverseConversion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ConversionReverseRequest & { id: string }) =>
      adminApi.post<ConversionReverseResponse>(adminPath(ADMIN_API_PATHS.conversionReverse, { id }), body, {
        handle: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** Approve or reject conversions (a rejection with its reason); each id answers its outcome; the list reloads. */
export function useSetConversionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversionStatusRequest) =>
      adminApi.post<ConversionStatusResponse>(ADMIN_API_PATHS.conversionStatus, body, { handle: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
