import { sql, type RawBuilder } from 'kysely';
import {
  ERROR_CODES,
  decodeCursor,
  encodeCursor,
  type CursorValue,
  type ListResponse,
  type SortOrder,
} from '@portal/shared';
import { fieldError } from './errors.ts';

/**
 * Keyset pagination for the list calls of docs/api.md. A sort key is a non-null SQL expression
 * plus the SQL type its cursor value is read back as; rows are ordered by (key, id) in one direction,
 * and the next page starts after the last row's (key, id) with a row comparison, so page 500 costs
 * what page 1 costs (given an index) and ties never skip or repeat rows.
 */
export interface SortKey {
  expr: RawBuilder<unknown>;
  type: 'text' | 'numeric' | 'int';
}

export interface Keyset {
  sort: string;
  order: SortOrder;
  key: SortKey;
  id: RawBuilder<unknown>;
  /** The last row's (key, id) from the request's cursor, or null on the first page. */
  after: [CursorValue, number] | null;
}

const cast = (v: CursorValue, type: SortKey['type']): RawBuilder<unknown> => {
  switch (type) {
    case 'text':
      return sql`${String(v)}::text COLLATE "C"`;
    case 'numeric':
      return sql`${String(v)}::numeric`;
    case 'int':
      return sql`${String(v)}::bigint`;
  }
};

/** Reads the request's cursor for this sort; a malformed or foreign cursor is a 422 on `cursor`. */
export function keyset(opts: {
  sort: string;
  order: SortOrder;
  key: SortKey;
  id: RawBuilder<unknown>;
  cursor: string | null | undefined;
}): Keyset {
  let after: Keyset['after'] = null;
  if (opts.cursor != null && opts.cursor !== '') {
    const values = decodeCursor(opts.cursor, { sort: opts.sort, order: opts.order, arity: 2 });
    const [value, id] = values ?? [];
    const valueOk =
      value != null &&
      (opts.key.type === 'text'
        ? typeof value === 'string'
        : /^-?\d+(\.\d+)?$/.test(String(value)) && String(value).length <= 40);
    if (!values || !valueOk || typeof id !== 'number' || !Number.isSafeInteger(id)) {
      throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Invalid cursor.');
    }
    after = [value, id];
  }
  return { sort: opts.sort, order: opts.order, key: opts.key, id: opts.id, after };
}

/** `WHERE` condition for the rows after the cursor (true on the first page). */
export function keysetWhere(k: Keyset): RawBuilder<boolean> {
  if (!k.after) return sql<boolean>`true`;
  const op = sql.raw(k.order === 1 ? '>' : '<');
  return sql<boolean>`(${k.key.expr}, ${k.id}) ${op} (${cast(k.after[0], k.key.type)}, ${k.after[1]}::bigint)`;
}

/** `ORDER BY` clause body. */
export function keysetOrder(k: Keyset): RawBuilder<unknown> {
  const dir = sql.raw(k.order === 1 ? 'ASC' : 'DESC');
  return sql`${k.key.expr} ${dir}, ${k.id} ${dir}`;
}

/**
 * Turns `limit + 1` fetched rows into a page: the extra row only says that a next page exists.
 * Each row carries its sort key as text (`sort_key`) so the cursor repeats the database's value exactly.
 */
export function keysetPage<R extends { sort_key: string | number }, T>(
  k: Keyset,
  rows: R[],
  limit: number,
  toId: (r: R) => number,
  map: (r: R) => T,
): ListResponse<T> {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const next =
    rows.length > limit && last
      ? encodeCursor({ sort: k.sort, order: k.order, values: [String(last.sort_key), toId(last)] })
      : null;
  return { data: page.map(map), cursor: { next } };
}

/** A LIKE pattern matching `text` anywhere, with the wildcards escaped (use with ESCAPE '\'). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
