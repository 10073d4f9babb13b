import type { z } from 'zod';
import { ERROR_CODES, type FieldError } from '@portal/shared';
import type { Db } from '../db/database.ts';

/**
 * The operator's input to the network's catalogue (advertisers and offers: modules/advertisers,
 * modules/offers), checked against the shared schemas (`@portal/shared/admin/offer-catalogue.schemas`,
 * `advertisers.schemas`) and answered with errors the CLI prints and the console shows at the field.
 */

/**
 * A bad operator input: the message names the field and is printed as is by the CLI; `fields`
 * holds the same as coded field errors (docs/errors.md) for the console, which shows them at the
 * field. An error with no field (`no offer 12`) has none.
 */
export class NetworkInputError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, FieldError> = {},
  ) {
    super(message);
  }
}

/** One field's error: the CLI reads `field: message`, the console the field's code and message. */
export const inputError = (field: string, message: string, code: string = ERROR_CODES.BAD_FORMAT) =>
  new NetworkInputError(`${field}: ${message}`, { [field]: { code, message } });

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) {
    const fields: Record<string, FieldError> = {};
    for (const i of r.error.issues) {
      const field = i.path.join('.') || 'input';
      const missing = i.code === 'invalid_type' && i.input === undefined;
      const code = missing
        ? ERROR_CODES.MISSING
        : i.code === 'too_small'
          ? ERROR_CODES.TOO_SHORT_OR_INVALID
          : ERROR_CODES.BAD_FORMAT;
      fields[field] ??= { code, message: i.message };
    }
    throw new NetworkInputError(
      r.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '),
      fields,
    );
  }
  return r.data;
}

/** Runs `fn` in a transaction, or in the caller's. */
export const inTransaction = <T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? fn(db) : db.transaction().execute((trx) => fn(trx));

export const updated = (r: { numUpdatedRows: bigint } | { numDeletedRows: bigint }, what: string) => {
  const n = 'numUpdatedRows' in r ? r.numUpdatedRows : r.numDeletedRows;
  if (Number(n) === 0) throw new NetworkInputError(`no ${what}`);
};
