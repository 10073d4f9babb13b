import { adminPath, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type {
  AdminConversionListRequest,
  AdminConversionListResponse,
  AdminConversionStatus,
  ConversionReverseRequest,
  ConversionReverseResponse,
} from '@portal/shared/admin/conversions.schemas';
import type { DateRange } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import { adminApi } from '../admin-api.ts';

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
  useInfiniteList({
    queryKey: [...KEY, 'list', f],
    fetchPage: ({ cursor, signal }) => {
      const body: AdminConversionListRequest = {
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
        ...(cursor ? { cursor } : {}),
      };
      return adminApi.post<AdminConversionListResponse>(ADMIN_API_PATHS.conversions, body, {
        signal,
        handle: { serverError: false },
      });
    },
  });

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
