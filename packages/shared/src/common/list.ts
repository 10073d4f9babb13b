import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.ts';
import { base64ToBytes, base64UrlEncode, utf8Decode } from './base64.ts';

export * from './base64.ts';

/**
 * The generic list call of docs/api.md: `{filters, limit, sort, order, search?, cursor?}` in,
 * `{data: [...], cursor: {next}}` out. Every paginated call (offers, postbacks, reports, invoices)
 * builds its request and answer schemas with these helpers so they read the same everywhere.
 */

/** `1` ascending, `-1` descending (docs/screens.md "Sort"). */
export const sortOrderSchema = z.union([z.literal(1), z.literal(-1)]);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Requested page size: defaults to 20 (docs/limits.md), larger values are capped server-side, never refused. */
export const limitSchema = z
  .number()
  .int()
  .min(1)
  .default(PAGE_SIZE)
  .transform((n) => Math.min(n, MAX_PAGE_SIZE))
  .describe(`Page size: ${PAGE_SIZE} when absent; values above ${MAX_PAGE_SIZE} are answered as ${MAX_PAGE_SIZE}.`);

export const searchSchema = z
  .string()
  .max(256)
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()));

/** An opaque keyset cursor as answered in `cursor.next`; the server rejects a malformed one with 422. */
export const cursorSchema = z
  .string()
  .max(2048)
  .nullish()
  .describe('The `cursor.next` of the previous page, as answered; absent or null for the first page.');

/** `YYYY-MM-DD` calendar day, years 1900-2999 (a database date range, never year 0). */
export const calendarDaySchema = z
  .string()
  .regex(/^(19|2\d)\d{2}-\d{2}-\d{2}$/, 'Use the YYYY-MM-DD format.')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'Not a calendar day.');

/** Calendar days, both inclusive, in the user's time zone (docs/api.md "Filters"). */
export const dateRangeSchema = z
  .strictObject({ start: calendarDaySchema, end: calendarDaySchema })
  .refine((r) => r.start <= r.end, { message: 'The end date is before the start date.', path: ['end'] });
export type DateRange = z.infer<typeof dateRangeSchema>;

/**
 * Builds a list request schema. `sorts` are the only accepted sort keys (anything else is a 422,
 * never passed to SQL); `filters` is the call's own strict filter object.
 */
export function listRequestSchema<F extends z.ZodType, const S extends readonly [string, ...string[]]>(opts: {
  filters: F;
  sorts: S;
  defaultSort: S[number];
  defaultOrder?: SortOrder;
}) {
  return z.strictObject({
    filters: opts.filters,
    limit: limitSchema,
    sort: z.enum(opts.sorts).default(opts.defaultSort as never),
    order: sortOrderSchema.default(opts.defaultOrder ?? 1),
    search: searchSchema,
    cursor: cursorSchema,
  });
}

/** `{next}`: the cursor of the following page, null on the last page. */
export const listCursorSchema = z.object({ next: z.string().nullable() });

/** Builds the answer schema of a list call. */
export const listResponseSchema = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), cursor: listCursorSchema });

export interface ListResponse<T> {
  data: T[];
  cursor: { next: string | null };
}

/* ------------------------------------------------------------------------------------------------
 * Keyset cursors. A cursor carries the sort, the order and the last row's key values, so it cannot
 * be replayed against another sort. It is base64url of JSON: opaque to clients, cheap to check.
 * (Written without Buffer/btoa so the same code runs in the browser and in Node.)
 * ---------------------------------------------------------------------------------------------- */

export type CursorValue = string | number | null;

export interface KeysetCursor {
  sort: string;
  order: SortOrder;
  /** The last row's sort value(s) then its id. */
  values: CursorValue[];
}

export function encodeCursor(cursor: KeysetCursor): string {
  return base64UrlEncode(JSON.stringify([cursor.sort, cursor.order, cursor.values]));
}

/**
 * Reads a cursor made by `encodeCursor` for this sort and order with `arity` key values; null when
 * it is malformed, was made for another sort or order, or carries values of the wrong kind.
 */
export function decodeCursor(
  raw: string,
  expect: { sort: string; order: SortOrder; arity: number },
): CursorValue[] | null {
  const bytes = base64ToBytes(raw, 'url');
  if (!bytes) return null;
  const text = utf8Decode(bytes);
  if (text == null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return null;
  const [sort, order, values] = parsed as unknown[];
  if (sort !== expect.sort || order !== expect.order || !Array.isArray(values) || values.length !== expect.arity)
    return null;
  const ok = values.every(
    (v) => v === null || (typeof v === 'string' && v.length <= 1024) || (typeof v === 'number' && Number.isFinite(v)),
  );
  return ok ? (values as CursorValue[]) : null;
}
