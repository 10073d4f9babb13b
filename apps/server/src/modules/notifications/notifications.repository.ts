import { sql } from 'kysely';
import type { NotificationTargetDomain } from '@portal/shared';
import type { Db } from '../../db/database.ts';

export interface NotificationRow {
  id: number;
  publisher_id: number;
  summary: string;
  description: string;
  urgent: boolean;
  is_read: boolean;
  context_domain: NotificationTargetDomain | null;
  context_id: number | null;
  sent_at: Date;
}

const COLUMNS = [
  'id',
  'publisher_id',
  'summary',
  'description',
  'urgent',
  'is_read',
  'context_domain',
  'context_id',
  'sent_at',
] as const;

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const notificationsRepository = {
  async page(
    db: Db,
    publisherId: number,
    opts: {
      isRead: boolean | null;
      isUrgent: boolean | null;
      search: string | null;
      after: [string, number] | null;
      limit: number;
    },
  ): Promise<NotificationRow[]> {
    let q = db.selectFrom('notifications').select(COLUMNS).where('publisher_id', '=', publisherId);
    if (opts.isRead != null) q = q.where('is_read', '=', opts.isRead);
    if (opts.isUrgent != null) q = q.where('urgent', '=', opts.isUrgent);
    if (opts.search) {
      const p = likePattern(opts.search);
      q = q.where((eb) => eb.or([eb('summary', 'ilike', p), eb('description', 'ilike', p)]));
    }
    if (opts.after) q = q.where(sql<boolean>`(sent_at, id) < (${opts.after[0]}::timestamptz, ${opts.after[1]}::int)`);
    return (await q
      .orderBy('sent_at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit + 1)
      .execute()) as unknown as NotificationRow[];
  },

  async findById(db: Db, publisherId: number, id: number): Promise<NotificationRow | undefined> {
    return (await db
      .selectFrom('notifications')
      .select(COLUMNS)
      .where('publisher_id', '=', publisherId)
      .where('id', '=', id)
      .executeTakeFirst()) as unknown as NotificationRow | undefined;
  },

  async markRead(db: Db, publisherId: number, id: number): Promise<NotificationRow | undefined> {
    return (await db
      .updateTable('notifications')
      .set({ is_read: true })
      .where('publisher_id', '=', publisherId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()) as unknown as NotificationRow | undefined;
  },

  async insertMany(
    db: Db,
    rows: {
      publisher_id: number;
      summary: string;
      description: string;
      urgent: boolean;
      context_domain: NotificationTargetDomain | null;
      context_id: number | null;
      kind: string;
      dedup_key: string | null;
    }[],
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const r = await db
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) => oc.columns(['publisher_id', 'dedup_key']).where('dedup_key', 'is not', null).doNothing())
      .returning('id')
      .execute();
    return r.length;
  },
};
