import { z } from 'zod';

/** `{data: T}`: the envelope most calls answer with (docs/api.md "result.data"). */
export const dataEnvelope = <T extends z.ZodType>(data: T) => z.object({ data });

/** Unknown fields are refused everywhere (docs/security.md): every request object is strict. */
export const strictObject = z.strictObject;

/** An empty request body: `{}` or no body at all. */
export const emptyRequestSchema = z.strictObject({}).nullish();

/** Trimmed text where an empty string means "not given" (docs/api.md: empty values are sent as null). */
export const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

export const successSchema = z.object({ success: z.boolean() });
