import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuditSnapshot } from '../../db/types.ts';
import { keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

export interface AuditRow {
  operator_id: number | null;
  actor: string;
  action: string;
  object_type: string;
  object_id: string | null;
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
  reason: string | null;
  address: string | null;
}

export interface AuditFilters {
  operatorId?: number | null;
  objectType?: string | null;
  objectId?: string | null;
  /** [from, to): instants bounding the chosen calendar days in the chosen zone. */
  between?: [Date, Date] | null;
}

const json = (v: AuditSnapshot | null) => (v === null ? null : JSON.stringify(v));

/** All SQL of the audit log (migration 0060). */
export const auditRepository = {
  insert: (db: Db, row: AuditRow) =>
    db
      .insertInto('audit_log')
      .values({ ...row, before: json(row.before), after: json(row.after) })
      .execute(),

  /** Many entries, 500 a statement (a bulk change's, one per conversion). */
  async insertMany(db: Db, rows: AuditRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('audit_log')
        .values(rows.slice(i, i + 500).map((row) => ({ ...row, before: json(row.before), after: json(row.after) })))
        .execute();
  },

  list(db: Db, k: Keyset, f: AuditFilters, limit: number) {
    let q = db
      .selectFrom('audit_log')
      .selectAll()
      .select(sql<string>`${k.key.expr}::text`.as('sort_key'))
      .where(keysetWhere(k));
    if (f.operatorId != null) q = q.where('operator_id', '=', f.operatorId);
    if (f.objectType != null) q = q.where('object_type', '=', f.objectType);
    if (f.objectId != null) q = q.where('object_id', '=', f.objectId);
    if (f.between) q = q.where('at', '>=', f.between[0]).where('at', '<', f.between[1]);
    return q
      .orderBy(keysetOrder(k))
      .limit(limit + 1)
      .execute();
  },
};
