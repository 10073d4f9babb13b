import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { AuditListRequest, AuditListResponse, AuditOperatorsResponse } from '@portal/shared/admin/audit.schemas';
import type { AuditObjectType } from '@portal/shared/admin/operators.constants';
import type { DateRange } from '@portal/shared/common/list';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

export interface AuditLogFilters {
  operatorId: number | null;
  objectType: AuditObjectType | null;
  dateRange: DateRange | null;
  timeZone: string;
}

/** The audit log, newest first, page by page as it scrolls (docs/operator-console.md "The audit log"). */
export const useAuditLog = (f: AuditLogFilters) =>
  useAdminList<AuditListResponse>(ADMIN_API_PATHS.auditLog, ['admin', 'audit-log'], {
    filters: {
      operator_id: f.operatorId,
      object_type: f.objectType,
      date_range: f.dateRange,
      time_zone: f.timeZone,
    },
    limit: PAGE_SIZE,
    sort: 'at',
    order: -1,
  } satisfies AuditListRequest);

/** Every operator the operator filter can name, disabled ones too. */
export const useAuditOperators = () =>
  useQuery({
    queryKey: ['admin', 'audit-log', 'operators'],
    queryFn: ({ signal }) =>
      adminApi.get<AuditOperatorsResponse>(ADMIN_API_PATHS.auditLogOperators, { signal }).then((r) => r.data),
  });
