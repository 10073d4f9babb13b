import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

/** The console's reads of offers, grants and access requests (keyset lists with names joined). */
export const offersAdminRepository = {
  listOffers: (
    db: Db,
    k: Keyset,
    f: { statuses: string[] | null; advertiserId: number | null; visibility: string | null; search: string | null },
    limit: number,
  ) => {
    let q = db
      .selectFrom('offers')
      .innerJoin('advertisers', 'advertisers.id', 'offers.advertiser_id')
      .select([
        'offers.id',
        'offers.name',
        'offers.advertiser_id',
        'advertisers.name as advertiser_name',
        'offers.status',
        'offers.visibility',
        'offers.payout',
        'offers.payout_type',
        'offers.conversion_method',
        'offers.created_at',
        sql<string>`${k.key.expr}::text`.as('sort_key'),
      ])
      .where(keysetWhere(k))
      .orderBy(keysetOrder(k))
      .limit(limit + 1);
    if (f.statuses && f.statuses.length > 0) q = q.where('offers.status', 'in', f.statuses as never[]);
    if (f.advertiserId !== null) q = q.where('offers.advertiser_id', '=', f.advertiserId);
    if (f.visibility !== null) q = q.where('offers.visibility', '=', f.visibility as never);
    if (f.search) {
      const text = f.search;
      const byId = /^\d{1,9}$/.test(text) ? sql`OR offers.id = ${Number(text)}` : sql``;
      q = q.where(sql<boolean>`(offers.name ILIKE ${containsPattern(text)} ESCAPE '\\' ${byId})`);
    }
    return q.execute();
  },

  advertiserNames: (db: Db) =>
    db.selectFrom('advertisers').select(['id', 'name', 'status']).orderBy('name').orderBy('id').execute(),

  advertiserName: async (db: Db, id: number) =>
    (await db.selectFrom('advertisers').select('name').where('id', '=', id).executeTakeFirst())?.name ?? '',

  uploadedCreativeIds: async (db: Db, creativeIds: number[]) =>
    creativeIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .selectFrom('creative_files')
              .select('creative_id')
              .where('creative_id', 'in', creativeIds)
              .execute()
          ).map((r) => r.creative_id),
        ),

  listGrants: (db: Db, k: Keyset, f: { offerId: number | null; publisherId: number | null }, limit: number) => {
    let q = db
      .selectFrom('publisher_offers')
      .innerJoin('offers', 'offers.id', 'publisher_offers.offer_id')
      .innerJoin('publishers', 'publishers.id', 'publisher_offers.publisher_id')
      .select([
        'publisher_offers.id',
        'publisher_offers.offer_id',
        'offers.name as offer_name',
        'publisher_offers.publisher_id',
        'publishers.name as publisher_name',
        'publisher_offers.created_at',
        sql<string>`${k.key.expr}::text`.as('sort_key'),
      ])
      .where(keysetWhere(k))
      .orderBy(keysetOrder(k))
      .limit(limit + 1);
    if (f.offerId !== null) q = q.where('publisher_offers.offer_id', '=', f.offerId);
    if (f.publisherId !== null) q = q.where('publisher_offers.publisher_id', '=', f.publisherId);
    return q.execute();
  },

  listRequests: (
    db: Db,
    k: Keyset,
    f: { offerId: number | null; publisherId: number | null; status: string | null },
    limit: number,
  ) => {
    let q = db
      .selectFrom('offer_access_requests as r')
      .innerJoin('offers', 'offers.id', 'r.offer_id')
      .innerJoin('publishers', 'publishers.id', 'r.publisher_id')
      .select([
        'r.id',
        'r.offer_id',
        'offers.name as offer_name',
        'r.publisher_id',
        'publishers.name as publisher_name',
        'r.status',
        'r.created_at',
        'r.decline_reason',
        sql<string>`${k.key.expr}::text`.as('sort_key'),
      ])
      .where(keysetWhere(k))
      .orderBy(keysetOrder(k))
      .limit(limit + 1);
    if (f.offerId !== null) q = q.where('r.offer_id', '=', f.offerId);
    if (f.publisherId !== null) q = q.where('r.publisher_id', '=', f.publisherId);
    if (f.status !== null) q = q.where('r.status', '=', f.status as never);
    return q.execute();
  },

  /** One request; `lock` holds its row until the transaction ends. */
  findRequest: (db: Db, id: number, lock = false) => {
    const q = db.selectFrom('offer_access_requests').selectAll().where('id', '=', id);
    return (lock ? q.forUpdate() : q).executeTakeFirst();
  },

  findRequestOf: (db: Db, offerId: number, publisherId: number) =>
    db
      .selectFrom('offer_access_requests')
      .selectAll()
      .where('offer_id', '=', offerId)
      .where('publisher_id', '=', publisherId)
      .executeTakeFirst(),

  /** A publisher's request, made anew (pending, now) if one was answered before. */
  async renewRequest(db: Db, offerId: number, publisherId: number) {
    await db
      .deleteFrom('offer_access_requests')
      .where('offer_id', '=', offerId)
      .where('publisher_id', '=', publisherId)
      .execute();
    await db
      .insertInto('offer_access_requests')
      .values({ offer_id: offerId, publisher_id: publisherId })
      .onConflict((oc) => oc.columns(['offer_id', 'publisher_id']).doNothing())
      .execute();
  },

  approveRequest: (db: Db, id: number) =>
    db
      .updateTable('offer_access_requests')
      .set({ status: 'approved', decided_at: sql`now()` })
      .where('id', '=', id)
      .execute(),

  declineRequest: (db: Db, id: number, reason: string) =>
    db
      .updateTable('offer_access_requests')
      .set({ status: 'declined', decided_at: sql`now()`, decline_reason: reason })
      .where('id', '=', id)
      .execute(),

  grantExists: async (db: Db, offerId: number, publisherId: number) =>
    !!(await db
      .selectFrom('publisher_offers')
      .select('publisher_id')
      .where('offer_id', '=', offerId)
      .where('publisher_id', '=', publisherId)
      .executeTakeFirst()),

  publisherName: async (db: Db, id: number) =>
    (await db.selectFrom('publishers').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null,

  insertCreativeFile: (db: Db, v: { creative_id: number; token: string; content_type: string; bytes: Uint8Array }) =>
    db.insertInto('creative_files').values(v).execute(),

  creativeFileByToken: (db: Db, token: string) =>
    db.selectFrom('creative_files').select(['content_type', 'bytes']).where('token', '=', token).executeTakeFirst(),

  /** An uploaded creative by its number, only while its offer is public. */
  publicCreativeFile: (db: Db, creativeId: number) =>
    db
      .selectFrom('creative_files')
      .innerJoin('creatives', 'creatives.id', 'creative_files.creative_id')
      .innerJoin('offers', 'offers.id', 'creatives.offer_id')
      .select(['creative_files.content_type', 'creative_files.bytes'])
      .where('creative_files.creative_id', '=', creativeId)
      .where('offers.visibility', '=', 'public')
      .executeTakeFirst(),

  findCreative: (db: Db, id: number) => db.selectFrom('creatives').selectAll().where('id', '=', id).executeTakeFirst(),
};
