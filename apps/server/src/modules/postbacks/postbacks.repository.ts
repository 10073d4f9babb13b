import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PostbacksTable } from '../../db/types.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

export type PostbackRow = Selectable<PostbacksTable> & {
  offer_name: string | null;
  event_name: string | null;
  deliveries_retrying: number;
};

export interface PostbackValues {
  name: string;
  status: 'active' | 'inactive';
  type: 'postback' | 'pixel';
  value: string;
  offer_id: number | null;
  event_id: number | null;
  event_type: 'conversion' | 'partial' | 'upsell' | null;
  /** Left out: unchanged (an update) or false (a create). */
  send_on_status_change?: boolean;
}

const base = (db: Db) =>
  db
    .selectFrom('postbacks')
    .leftJoin('offers', 'offers.id', 'postbacks.offer_id')
    .leftJoin('offer_events', 'offer_events.id', 'postbacks.event_id')
    .selectAll('postbacks')
    .select(['offers.name as offer_name', 'offer_events.name as event_name'])
    // Its deliveries whose last attempt failed and that wait for another (the pending ones, a few
    // rows of the publisher's pending index).
    .select(
      sql<number>`(SELECT count(*)::int FROM postback_deliveries d
        WHERE d.publisher_id = postbacks.publisher_id AND d.status = 'pending'
          AND d.postback_id = postbacks.id AND d.last_error_class IS NOT NULL AND NOT d.is_test)`.as(
        'deliveries_retrying',
      ),
    );

/** What a conversion fires: the publisher's active postbacks of a type for its offer and event. */
export interface PostbackMatch {
  publisherId: number;
  type: 'postback' | 'pixel';
  offerId: number;
  eventId: number;
  eventType: 'conversion' | 'partial' | 'upsell';
}

export interface PostbackListQuery {
  keyset: Keyset;
  limit: number;
  status: 'active' | 'inactive' | null;
  offerIds: number[] | null;
  search: string | null;
}

export const postbacksRepository = {
  /** One of the publisher's postbacks; another publisher's id finds nothing. */
  find: (db: Db, publisherId: number, id: number): Promise<PostbackRow | undefined> =>
    base(db).where('postbacks.publisher_id', '=', publisherId).where('postbacks.id', '=', id).executeTakeFirst(),

  async list(db: Db, publisherId: number, q: PostbackListQuery): Promise<(PostbackRow & { sort_key: string })[]> {
    let query = base(db)
      .select(sql<string>`${q.keyset.key.expr}::text`.as('sort_key'))
      .where('postbacks.publisher_id', '=', publisherId)
      .where(keysetWhere(q.keyset))
      .orderBy(keysetOrder(q.keyset))
      .limit(q.limit + 1);
    if (q.status) query = query.where('postbacks.status', '=', q.status);
    if (q.offerIds && q.offerIds.length > 0) query = query.where('postbacks.offer_id', 'in', q.offerIds);
    if (q.search) {
      const pattern = containsPattern(q.search);
      query = query.where(
        sql<boolean>`(postbacks.name ILIKE ${pattern} ESCAPE '\\' OR postbacks.value ILIKE ${pattern} ESCAPE '\\')`,
      );
    }
    return query.execute();
  },

  async insert(db: Db, publisherId: number, v: PostbackValues): Promise<number> {
    const row = await db
      .insertInto('postbacks')
      .values({ publisher_id: publisherId, ...v })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Saving clears the failing mark: the publisher has looked at it (the next delivery tells anew). */
  async update(db: Db, publisherId: number, id: number, v: PostbackValues): Promise<boolean> {
    const r = await db
      .updateTable('postbacks')
      .set({ ...v, failing_since: null, updated_at: sql`now()` })
      .where('publisher_id', '=', publisherId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /**
   * Deletes one of the publisher's postbacks (in the caller's transaction) and stops its deliveries
   * still waiting to be sent: the publisher removed the address. Deliveries and their attempts stay,
   * for the delivery log. Undefined when there is no such postback of theirs.
   */
  async remove(db: Db, publisherId: number, id: number): Promise<{ name: string; stopped: number } | undefined> {
    const gone = await db
      .deleteFrom('postbacks')
      .where('publisher_id', '=', publisherId)
      .where('id', '=', id)
      .returning('name')
      .executeTakeFirst();
    if (!gone) return undefined;
    const stopped = await db
      .updateTable('postback_deliveries')
      .set({ status: 'stopped', locked_until: null, updated_at: sql`now()` })
      .where('publisher_id', '=', publisherId)
      .where('postback_id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return { name: gone.name, stopped: Number(stopped.numUpdatedRows) };
  },

  /**
   * The active server postbacks of these publishers that may be told of a status change: opted in
   * (`send_on_status_change`), or (for a reversal, as before the option) sending `{conversion_status}`.
   */
  statusReceivers: (db: Db, publisherIds: number[]) =>
    publisherIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('postbacks')
          .select(['id', 'value', 'publisher_id', 'offer_id', 'event_id', 'event_type', 'send_on_status_change'])
          .where('publisher_id', 'in', publisherIds)
          .where('status', '=', 'active')
          .where('type', '=', 'postback')
          .where((eb) => eb.or([eb('send_on_status_change', '=', true), eb('value', 'ilike', '%{conversion_status}%')]))
          .orderBy('id')
          .execute(),

  /** Offer-level ones for that offer and global ones; event, event type null = all. */
  matching: (db: Db, m: PostbackMatch) =>
    db
      .selectFrom('postbacks')
      .select(['id', 'value'])
      .where('publisher_id', '=', m.publisherId)
      .where('status', '=', 'active')
      .where('type', '=', m.type)
      .where((eb) => eb.or([eb('offer_id', 'is', null), eb('offer_id', '=', m.offerId)]))
      .where((eb) => eb.or([eb('event_id', 'is', null), eb('event_id', '=', m.eventId)]))
      .where((eb) => eb.or([eb('event_type', 'is', null), eb('event_type', '=', m.eventType)]))
      .orderBy('id')
      .execute(),

  /** Marks a postback failing unless it already is; answers it when this call marked it. */
  markFailing: (db: Db, id: number) =>
    db
      .updateTable('postbacks')
      .set({ failing_since: new Date() })
      .where('id', '=', id)
      .where('failing_since', 'is', null)
      .returning(['id', 'name'])
      .executeTakeFirst(),

  async clearFailing(db: Db, id: number): Promise<void> {
    await db
      .updateTable('postbacks')
      .set({ failing_since: null })
      .where('id', '=', id)
      .where('failing_since', 'is not', null)
      .execute();
  },
};
