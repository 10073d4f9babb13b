import { sql } from 'kysely';
import type { PublisherStatus } from '@portal/shared/admin/publishers.constants';
import type { Db } from '../../db/database.ts';
import { containsPattern, keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

/** The console's reads and writes of publisher accounts (docs/operator-console.md "Publishers"). */
export const publishersRepository = {
  /** One page of publishers: the first user's e-mail, how many users, the account manager's name. */
  list(db: Db, k: Keyset, filters: { status: PublisherStatus | null; search: string | null }, limit: number) {
    let q = db
      .selectFrom('publishers')
      .leftJoin('account_managers', 'account_managers.id', 'publishers.account_manager_id')
      .select([
        'publishers.id',
        'publishers.name',
        'publishers.status',
        'publishers.created_at',
        'account_managers.name as account_manager',
      ])
      .select(sql<string>`${k.key.expr}::text`.as('sort_key'))
      .select((eb) => [
        eb
          .selectFrom('publisher_users')
          .innerJoin('users', 'users.id', 'publisher_users.user_id')
          .select('users.email')
          .whereRef('publisher_users.publisher_id', '=', 'publishers.id')
          .orderBy('users.id')
          .limit(1)
          .as('email'),
        eb
          .selectFrom('publisher_users')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('publisher_users.publisher_id', '=', 'publishers.id')
          .as('users'),
      ])
      .where(keysetWhere(k));
    if (filters.status) q = q.where('publishers.status', '=', filters.status);
    if (filters.search) {
      const pattern = containsPattern(filters.search.toLowerCase());
      const id = /^\d{1,9}$/.test(filters.search) ? Number(filters.search) : null;
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(publishers.name)`, 'like', sql`${pattern} ESCAPE '\\'`),
          eb.exists(
            eb
              .selectFrom('publisher_users')
              .innerJoin('users', 'users.id', 'publisher_users.user_id')
              .select(sql`1`.as('one'))
              .whereRef('publisher_users.publisher_id', '=', 'publishers.id')
              .where(sql`lower(users.email)`, 'like', sql`${pattern} ESCAPE '\\'`),
          ),
          ...(id !== null ? [eb('publishers.id', '=', id)] : []),
        ]),
      );
    }
    return q
      .orderBy(keysetOrder(k))
      .limit(limit + 1)
      .execute();
  },

  find(db: Db, id: number) {
    return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The row, locked until the caller's transaction ends (two operators changing it take turns). */
  findForUpdate(db: Db, id: number) {
    return db.selectFrom('publishers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  },

  referrer(db: Db, id: number) {
    return db.selectFrom('publishers').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  },

  /** The users linked to a publisher, in the order they were added (the first is the account's own). */
  users(db: Db, publisherId: number) {
    return db
      .selectFrom('publisher_users')
      .innerJoin('users', 'users.id', 'publisher_users.user_id')
      .select(['users.id', 'users.email', 'users.firstname', 'users.lastname', 'users.timezone'])
      .where('publisher_users.publisher_id', '=', publisherId)
      .orderBy('users.id')
      .execute();
  },

  /** The other publisher accounts of these users, oldest link first. */
  otherAccounts(db: Db, userIds: number[], publisherId: number) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('publisher_users')
      .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
      .select(['publisher_users.user_id', 'publishers.id', 'publishers.name', 'publishers.status'])
      .where('publisher_users.user_id', 'in', userIds)
      .where('publisher_users.publisher_id', '<>', publisherId)
      .orderBy('publisher_users.created_at')
      .orderBy('publishers.id')
      .execute();
  },

  /** Offers granted to the publisher, newest grant first. */
  grants(db: Db, publisherId: number) {
    return db
      .selectFrom('publisher_offers')
      .innerJoin('offers', 'offers.id', 'publisher_offers.offer_id')
      .select(['offers.id', 'offers.name', 'offers.status', 'publisher_offers.created_at'])
      .where('publisher_offers.publisher_id', '=', publisherId)
      .orderBy('publisher_offers.created_at', 'desc')
      .orderBy('offers.id', 'desc')
      .execute();
  },

  setStatus(db: Db, id: number, status: PublisherStatus, approve: boolean) {
    return db
      .updateTable('publishers')
      .set({ status, ...(approve ? { approved_at: sql<Date>`coalesce(approved_at, now())` } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  setAccountManager(db: Db, id: number, accountManagerId: number | null) {
    return db
      .updateTable('publishers')
      .set({ account_manager_id: accountManagerId })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  setMinimumPayout(db: Db, id: number, minimumPayout: number | null) {
    return db
      .updateTable('publishers')
      .set({ minimum_payout: minimumPayout })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  accountManagers(db: Db) {
    return db
      .selectFrom('account_managers')
      .select(['id', 'name', 'email', 'phone'])
      .orderBy('name')
      .orderBy('id')
      .execute();
  },

  findAccountManager(db: Db, id: number) {
    return db
      .selectFrom('account_managers')
      .select(['id', 'name', 'email', 'phone'])
      .where('id', '=', id)
      .executeTakeFirst();
  },
};
