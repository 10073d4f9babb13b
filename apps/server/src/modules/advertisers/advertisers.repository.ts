import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

/** What the console shows of an advertiser: never its token hash or pixel secret. */
const COLUMNS = ['id', 'name', 'status', 'created_at', 'api_token_rotated_at', 'pixel_secret_rotated_at'] as const;

const offerCount = sql<number>`(SELECT count(*)::int FROM offers WHERE offers.advertiser_id = advertisers.id)`;

/**
 * The SQL of advertisers: the console's (docs/operator-console.md "Advertisers"), the catalogue's
 * records and what the tracking engine reads.
 */
export const advertisersRepository = {
  list(db: Db, k: Keyset, f: { status?: 'active' | 'inactive' | null; search: string | null }, limit: number) {
    let q = db
      .selectFrom('advertisers')
      .select(COLUMNS)
      .select(offerCount.as('offers'))
      .select(sql<string>`${k.key.expr}::text`.as('sort_key'))
      .where(keysetWhere(k));
    if (f.status) q = q.where('status', '=', f.status);
    if (f.search) {
      const p = containsPattern(f.search);
      const id = /^\d{1,9}$/.test(f.search) ? Number(f.search) : null;
      q = q.where(sql<boolean>`(name ILIKE ${p} ESCAPE '\\' ${id !== null ? sql`OR id = ${id}` : sql``})`);
    }
    return q
      .orderBy(keysetOrder(k))
      .limit(limit + 1)
      .execute();
  },

  find: (db: Db, id: number) =>
    db
      .selectFrom('advertisers')
      .select(COLUMNS)
      .select(offerCount.as('offers'))
      .where('id', '=', id)
      .executeTakeFirst(),

  /** Locks the row for a change in the caller's transaction. */
  findForUpdate: (db: Db, id: number) =>
    db
      .selectFrom('advertisers')
      .select(COLUMNS)
      .select(offerCount.as('offers'))
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst(),

  offersOf: (db: Db, advertiserId: number) =>
    db
      .selectFrom('offers')
      .select(['id', 'name', 'status', 'conversion_method'])
      .where('advertiser_id', '=', advertiserId)
      .orderBy('id')
      .execute(),

  setRotatedAt: (db: Db, id: number, set: { api_token_rotated_at?: Date; pixel_secret_rotated_at?: Date }) =>
    db.updateTable('advertisers').set(set).where('id', '=', id).executeTakeFirst(),

  /* The catalogue's records (advertisers.service.ts, advertiserRecords): the CLI, the seed, the writes. */
  insertAdvertiser: (
    db: Db,
    v: { name: string; status: 'active' | 'inactive'; api_token_hash: string; pixel_secret: string },
  ) => db.insertInto('advertisers').values(v).returning('id').executeTakeFirstOrThrow(),
  updateAdvertiser: (
    db: Db,
    id: number,
    v: { name?: string; status?: 'active' | 'inactive'; api_token_hash?: string; pixel_secret?: string },
  ) => db.updateTable('advertisers').set(v).where('id', '=', id).executeTakeFirst(),
  findAdvertiserSecret: (db: Db, id: number) =>
    db.selectFrom('advertisers').select(['id', 'pixel_secret']).where('id', '=', id).executeTakeFirst(),
  findAdvertiser: (db: Db, id: number) =>
    db.selectFrom('advertisers').select(['id', 'name', 'status', 'created_at']).where('id', '=', id).executeTakeFirst(),
  findAdvertiserByName: (db: Db, name: string) =>
    db
      .selectFrom('advertisers')
      .select(['id', 'name', 'status'])
      .where('name', '=', name)
      .orderBy('id')
      .executeTakeFirst(),
  /** Advertisers with the offers they own (ids and names, in id order). */
  listAdvertisers: (db: Db) =>
    db
      .selectFrom('advertisers')
      .leftJoin('offers', 'offers.advertiser_id', 'advertisers.id')
      .select(['advertisers.id', 'advertisers.name', 'advertisers.status', 'advertisers.created_at'])
      .select([
        sql<number>`count(offers.id)::int`.as('offers'),
        sql<string>`coalesce(string_agg(offers.id::text || ' ' || offers.name || ' (' || offers.conversion_method || ')', ', ' ORDER BY offers.id), '')`.as(
          'offer_list',
        ),
      ])
      .groupBy('advertisers.id')
      .orderBy('advertisers.id')
      .execute(),

  /** Which of these token hashes an advertiser holds (id and hash; nothing else leaves here). */
  findAdvertisersByTokenHash: (db: Db, hashes: string[]) =>
    hashes.length === 0
      ? Promise.resolve([])
      : db.selectFrom('advertisers').select(['id', 'api_token_hash']).where('api_token_hash', 'in', hashes).execute(),
  findAdvertisersByPixelSecret: (db: Db, secrets: string[]) =>
    secrets.length === 0
      ? Promise.resolve([])
      : db.selectFrom('advertisers').select(['id', 'pixel_secret']).where('pixel_secret', 'in', secrets).execute(),

  /* What the tracking engine reads (advertisers.service.ts, advertiserRecords). */
  advertisersForTracking: (db: Db) =>
    db.selectFrom('advertisers').select(['id', 'status', 'api_token_hash', 'pixel_secret']).execute(),
  advertiserForTracking: (db: Db, by: { id: number } | { hash: string }) => {
    const q = db.selectFrom('advertisers').select(['id', 'status', 'pixel_secret']);
    return ('id' in by ? q.where('id', '=', by.id) : q.where('api_token_hash', '=', by.hash)).executeTakeFirst();
  },
};

export type AdvertiserRecord = NonNullable<Awaited<ReturnType<typeof advertisersRepository.find>>>;
