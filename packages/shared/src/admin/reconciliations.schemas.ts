import { z } from 'zod';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import { reconcileSummarySchema } from './conversions.schemas.ts';

/**
 * `POST /conversions/reconciliations`: the applied reconciliation files, newest first, each with
 * who applied it, when, its name and its outcome's counts (docs/operator-console.md "Conversions").
 */
export const reconciliationListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({})
    .nullish()
    .transform((f) => f ?? {}),
  sorts: ['id'] as const,
  defaultSort: 'id',
  defaultOrder: -1,
});
export type ReconciliationListRequest = z.input<typeof reconciliationListRequestSchema>;
export type ReconciliationListQuery = z.output<typeof reconciliationListRequestSchema>;

export const reconciliationSchema = z.object({
  /** The `reconciliation #id` the conversions' histories name. */
  id: z.number().int(),
  created_at: z.string(),
  /** The operator's e-mail (or `cli:user`). */
  actor: z.string(),
  /** The uploaded file's name, when it was given. */
  file_name: z.string().nullable(),
  summary: reconcileSummarySchema,
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const reconciliationListResponseSchema = listResponseSchema(reconciliationSchema);
export type ReconciliationListResponse = z.infer<typeof reconciliationListResponseSchema>;
