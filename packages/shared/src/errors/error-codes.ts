import { z } from 'zod';

export { ERROR_CODES, type ErrorCode } from './codes.ts';

export const fieldErrorSchema = z.object({ code: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Body of every non-2xx answer (docs/api.md). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  errors: z.record(z.string(), fieldErrorSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
