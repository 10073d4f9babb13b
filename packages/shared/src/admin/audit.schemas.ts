import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { dateRangeSchema, listRequestSchema, listResponseSchema } from '../common/list.ts';
import { AUDIT_OBJECT_TYPES } from './operators.constants.ts';

/** The audit log (docs/operator-console.md "Audit log"): every operator write, newest first. */
export const auditObjectTypeSchema = z.enum(AUDIT_OBJECT_TYPES);

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operator_id: z.number().int().nullable(),
  /** Who, as it was when written: the operator's e-mail, or `cli:<os user>` for the command line. */
  actor: z.string(),
  /** The operator's name today (null for the command line). */
  operator_name: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_LIST_SORTS = ['at'] as const;
export const auditListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({
      operator_id: z.number().int().positive().max(2_147_483_647).nullish(),
      object_type: auditObjectTypeSchema.nullish(),
      object_id: z.string().trim().max(64).nullish(),
      /** Calendar days, both inclusive, in `time_zone`. */
      date_range: dateRangeSchema.nullish(),
      /** An IANA zone (the browser's); UTC when absent. */
      time_zone: z.string().max(64).nullish(),
    })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: AUDIT_LIST_SORTS,
  defaultSort: 'at',
  defaultOrder: -1,
});
export type AuditListRequest = z.input<typeof auditListRequestSchema>;
export const auditListResponseSchema = listResponseSchema(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

/** Everyone the operator filter can name: every operator, disabled ones too. */
export const auditOperatorsResponseSchema = dataEnvelope(
  z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
);
export type AuditOperatorsResponse = z.infer<typeof auditOperatorsResponseSchema>;
/** The request as the server reads it, defaults filled in. */
export type AuditListQuery = z.output<typeof auditListRequestSchema>;
