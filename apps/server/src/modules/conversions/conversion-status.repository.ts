import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ConversionStatusChangesTable } from '../../db/money-types.ts';
import type { ConversionStatus } from '../../db/tracking-types.ts';
import { CONVERSION_SELECT, type AdminConversionRow } from './conversions.repository.ts';

/** A conversion named by its id and its time (a UUIDv7's, which names its partition; null: not a UUIDv7). */
export interface ConversionRef {
  id: string;
  at: Date | null;
}

/** The time span of these conversions, so only their partitions are read (every one when a time is unknown). */
function span(refs: ConversionRef[]): RawBuilder<unknown> {
  let from = Infinity;
  let to = -Infinity;
  for (const r of refs) {
    if (!r.at) return sql`true`;
    from = Math.min(from, r.at.getTime());
    to = Math.max(to, r.at.getTime());
  }
  return sql`c.created_at >= ${new Date(from)} AND c.created_at < ${new Date(to + 1)}`;
}

/** What finds a conversion by its keys. */
export interface ConversionKeyRow {
  id: string;
  created_at: Date;
  click_id: string;
  adv_transaction_id: string | null;
  event_id: number;
  advertiser_id: number;
}

/** The SQL of status changes (conversion_status_changes: migration 0080). */
export const conversionStatusRepository = {
  /** These conversions (locked with `lock`, in id order, the order every bulk change takes them in). */
  async findMany(db: Db, refs: ConversionRef[], lock: boolean): Promise<AdminConversionRow[]> {
    if (refs.length === 0) return [];
    const ids = refs.map((r) => r.id);
    const { rows } = await sql<AdminConversionRow>`${CONVERSION_SELECT}
      WHERE c.id = ANY(${ids}::uuid[]) AND ${span(refs)}
      ORDER BY c.id ${lock ? sql`FOR UPDATE OF c` : sql``}`.execute(db);
    return rows;
  },

  /**
   * Sets each one's status and reason (each locked and checked by the caller); a hold ends with it.
   * One statement for all (four arrays, whatever their length), each row found by its key.
   */
  async setStatuses(
    db: Db,
    rows: (ConversionRef & { to: ConversionStatus; reason: string | null })[],
    at: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`UPDATE conversions c SET status = v.status, status_reason = v.reason, status_changed_at = ${at},
        approve_after = NULL
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.at)}::timestamptz[],
        ${rows.map((r) => r.to)}::text[], ${rows.map((r) => r.reason)}::text[]) AS v(id, created_at, status, reason)
      WHERE c.id = v.id AND c.created_at = v.created_at AND ${span(rows)}`.execute(db);
  },

  /** Records the changes, a row each; answers their ids in order. */
  async insertChanges(db: Db, rows: Insertable<ConversionStatusChangesTable>[]): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const r = await db
        .insertInto('conversion_status_changes')
        .values(rows.slice(i, i + 1000))
        .returning('id')
        .execute();
      ids.push(...r.map((x) => String(x.id)));
    }
    return ids;
  },

  /** A conversion's changes, oldest first. */
  history: (db: Db, conversionId: string) =>
    db
      .selectFrom('conversion_status_changes')
      .select(['created_at', 'from_status', 'to_status', 'reason', 'actor_kind', 'actor'])
      .where('conversion_id', '=', conversionId)
      .orderBy('id')
      .execute(),

  /**
   * Held conversions whose hold has ended and that carry no flags (flagged ones wait for a person),
   * oldest first, at most `limit`.
   */
  async dueHolds(db: Db, now: Date, limit: number): Promise<ConversionRef[]> {
    const rows = await db
      .selectFrom('conversions')
      .select(['id', 'created_at'])
      .where('status', '=', 'pending')
      .where(sql<boolean>`approve_after IS NOT NULL AND approve_after <= ${now} AND cardinality(flags) = 0`)
      .orderBy('approve_after')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, at: new Date(r.created_at) }));
  },

  /** Conversions by their clicks' tids or their order ids (a reconciliation file's rows). */
  async byKeys(db: Db, keys: { tids: string[]; orderIds: string[] }): Promise<ConversionKeyRow[]> {
    const where = [];
    if (keys.tids.length) where.push(sql`click_id = ANY(${keys.tids}::uuid[])`);
    if (keys.orderIds.length) where.push(sql`adv_transaction_id = ANY(${keys.orderIds}::text[])`);
    if (where.length === 0) return [];
    const { rows } =
      await sql<ConversionKeyRow>`SELECT id, created_at, click_id, adv_transaction_id, event_id, advertiser_id
      FROM conversions
      WHERE ${sql.join(where, sql` OR `)} ORDER BY id`.execute(db);
    return rows;
  },
};
