import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { AuditListRequest, AuditListResponse, AuditOperatorsResponse } from '@portal/shared/admin/audit.schemas';
import type { AuditObjectType } from '@portal/shared/admin/operators.constants';
import type { DateRange } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useInfiniteList } from '../../../components/ui/list/use-infinite-list.ts';
import { adminApi } from '../admin-api.ts';

export interface AuditLogFilters {
  operatorId: number | null;
  objectType: AuditObjectType | null;
  dateRange: DateRange | null;
  timeZone: string;
}

/** The audit log, newest first, page by page as it scrolls (docs/operator-console.md "The audit log"). */
export const useAuditLog = (f: AuditLogFilters) =>
  useInfiniteList({
    queryKey: ['admin', 'audit-log', f],
    fetchPage: ({ cursor, signal }) => {
      const body: AuditListRequest = {
        filters: {
          operator_id: f.operatorId,
          object_type: f.objectType,
          date_range: f.dateRange,
          time_zone: f.timeZone,
        },
        limit: PAGE_SIZE,
        sort: 'at',
        order: -1,
        ...(cursor ? { cursor } : {}),
      };
      return adminApi.post<AuditListResponse>(ADMIN_API_PATHS.auditLog, body, {
        signal,
        handle: { serverError: false },
      });
    },
  });

/** Every operator the operator filter can name, disabled ones too. */
export const useAuditOperators = () =>
  useQuery({
    queryKey: ['admin', 'audit-log', 'operators'],
    queryFn: ({ signal }) =>
      adminApi.get<AuditOperatorsResponse>(ADMIN_API_PATHS.auditLogOperators, { signal }).then((r) => r.data),
  });
