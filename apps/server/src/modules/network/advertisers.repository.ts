import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

/** What the console shows of an advertiser: never its token hash or pixel secret. */
const COLUMNS = ['id', 'name', 'status', 'created_at', 'api_token_rotated_at', 'pixel_secret_rotated_at'] as const;

const offerCount = sql<number>`(SELECT count(*)::int FROM offers WHERE offers.advertiser_id = advertisers.id)`;

/** The console's SQL of advertisers (docs/operator-console.md "Advertisers"). */
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
};

export type AdvertiserRecord = NonNullable<Awaited<ReturnType<typeof advertisersRepository.find>>>;
