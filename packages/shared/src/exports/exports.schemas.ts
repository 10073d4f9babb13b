import { z } from 'zod';
import { REPORT_TYPES } from '../reports/reports.schemas.ts';
import { reportFiltersSchema } from '../reports/reports.schemas.ts';
import { sortOrderSchema } from '../common/list.ts';

/** Generic CSV export of docs/api.md: start a job, poll it, download the file from `export_url`. */
export const EXPORT_STATUSES = ['pending', 'processing', 'completed', 'error'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const EXPORT_TYPES = REPORT_TYPES;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** `{filters}` (only the filters with a value); sort and order optionally, as on the report. */
export const exportStartRequestSchema = z.strictObject({
  filters: reportFiltersSchema,
  sort: z.string().max(64).optional(),
  order: sortOrderSchema.optional(),
});
export type ExportStartRequest = z.infer<typeof exportStartRequestSchema>;

export const exportStartResponseSchema = z.object({
  success: z.literal(true),
  /** `poll_endpoint` is relative to the API base (`/report/export/status`); `export_url` is absolute. */
  result: z.object({ job_id: z.string(), poll_endpoint: z.string() }),
});
export type ExportStartResponse = z.infer<typeof exportStartResponseSchema>;

export const exportPollRequestSchema = z.strictObject({ id: z.string().uuid() });
export const exportPollResponseSchema = z.object({
  status: z.enum(EXPORT_STATUSES),
  /** A short-lived signed link (GET) that only the job's owner is ever given. */
  export_url: z.string().optional(),
  file_name: z.string().optional(),
  rows: z.number().optional(),
  timezone: z.string(),
  data_as_of: z.string().optional(),
});
export type ExportPollResponse = z.infer<typeof exportPollResponseSchema>;
