import { ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { ConversionReconcileRequest, ConversionReconcileResponse } from '@portal/shared/admin/conversions.schemas';
import type {
  ReconciliationListRequest,
  ReconciliationListResponse,
} from '@portal/shared/admin/reconciliations.schemas';
import { PAGE_SIZE } from '@portal/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../admin-api.ts';
import { useAdminList } from '../admin-list.ts';

const KEY = ['admin', 'conversions'] as const;

/**
 * A reconciliation file checked (`apply: false`, the preview) or applied; an applied file reloads
 * the conversions and the kept files.
 */
export function useReconcile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ConversionReconcileRequest) =>
      adminApi.post<ConversionReconcileResponse>(ADMIN_API_PATHS.conversionReconcile, body, { handle: false }),
    onSuccess: (_r, body) => (body.apply ? client.invalidateQueries({ queryKey: KEY }) : undefined),
  });
}

/** The kept reconciliation files, newest first, page by page. */
export const useReconciliations = () =>
  useAdminList<ReconciliationListResponse>(ADMIN_API_PATHS.conversionReconciliations, [...KEY, 'reconciliations'], {
    filters: {},
    limit: PAGE_SIZE,
    sort: 'id',
    order: -1,
  } satisfies ReconciliationListRequest);
