import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

/** The SQL of the operators' sends (migration 0074) and of the publishers a send can name. */
export const notificationSendsRepository = {
  insert: (
    db: Db,
    row: {
      summary: string;
      description: string;
      urgent: boolean;
      audience: 'all' | 'chosen';
      operator_id: number | null;
      actor: string;
    },
  ) => db.insertInto('notification_sends').values(row).returningAll().executeTakeFirstOrThrow(),

  setRecipients: (db: Db, id: number, recipients: number) =>
    db.updateTable('notification_sends').set({ recipients }).where('id', '=', id).execute(),

  list(db: Db, k: Keyset, limit: number) {
    return db
      .selectFrom('notification_sends')
      .selectAll()
      .select(sql<string>`${k.key.expr}::text`.as('sort_key'))
      .where(keysetWhere(k))
      .orderBy(keysetOrder(k))
      .limit(limit + 1)
      .execute();
  },

  find: (db: Db, id: number) => db.selectFrom('notification_sends').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Each send's copies and how many of them are read, counted now. */
  counts: (db: Db, sendIds: number[]) =>
    sendIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('notifications')
          .select([
            'send_id',
            sql<number>`count(*)::int`.as('recipients'),
            sql<number>`(count(*) FILTER (WHERE is_read))::int`.as('read'),
          ])
          .where('send_id', 'in', sendIds)
          .groupBy('send_id')
          .execute(),

  /** The first `per` publishers of each send (by id), with their names. */
  firstPublishers: async (db: Db, sendIds: number[], per: number) =>
    sendIds.length === 0
      ? []
      : (
          await sql<{ send_id: number; id: number; name: string }>`
            SELECT send_id, id, name FROM (
              SELECT n.send_id, p.id, p.name, row_number() OVER (PARTITION BY n.send_id ORDER BY p.id) AS rn
              FROM notifications n JOIN publishers p ON p.id = n.publisher_id
              WHERE n.send_id IN (${sql.join(sendIds)})
            ) x WHERE rn <= ${per} ORDER BY send_id, id`.execute(db)
        ).rows,

  /** Which of these publishers exist. */
  existingPublishers: async (db: Db, ids: number[]) =>
    ids.length === 0
      ? []
      : (await db.selectFrom('publishers').select('id').where('id', 'in', ids).execute()).map((r) => r.id),

  /** Publishers to choose from: by name, by a user's e-mail, or by id. */
  recipients(db: Db, k: Keyset, search: string | null, limit: number) {
    let q = db
      .selectFrom('publishers')
      .select(['id', 'name', 'status'])
      .select(sql<string>`${k.key.expr}::text`.as('sort_key'))
      .where(keysetWhere(k));
    if (search) {
      const p = containsPattern(search);
      const id = /^\d{1,9}$/.test(search) ? Number(search) : null;
      q = q.where(sql<boolean>`(publishers.name ILIKE ${p} ESCAPE '\\'
        OR EXISTS (SELECT 1 FROM publisher_users pu JOIN users u ON u.id = pu.user_id
                   WHERE pu.publisher_id = publishers.id AND u.email ILIKE ${p} ESCAPE '\\')
        ${id !== null ? sql`OR publishers.id = ${id}` : sql``})`);
    }
    return q
      .orderBy(keysetOrder(k))
      .limit(limit + 1)
      .execute();
  },
};
