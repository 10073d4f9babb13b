import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PublishersTable, UsersTable } from '../../db/types.ts';

export type UserRow = Selectable<UsersTable>;
export type PublisherRecord = Selectable<PublishersTable>;

export const accountsRepository = {
  findUserByEmail(db: Db, email: string) {
    return db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst();
  },

  findUserById(db: Db, id: number) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async timezoneOf(db: Db, userId: number): Promise<string | undefined> {
    return (await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst())?.timezone;
  },

  /** The users linked to a publisher account: where its notices are e-mailed, and to whom. */
  usersOfPublisher(db: Db, publisherId: number) {
    return db
      .selectFrom('publisher_users')
      .innerJoin('users', 'users.id', 'publisher_users.user_id')
      .select(['users.email', 'users.notification_subscriptions'])
      .where('publisher_users.publisher_id', '=', publisherId)
      .execute();
  },

  /** Publisher accounts linked to a user, oldest link first. */
  linkedPublishers(db: Db, userId: number) {
    return db
      .selectFrom('publisher_users')
      .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
      .select(['publishers.id', 'publishers.name', 'publishers.status'])
      .where('publisher_users.user_id', '=', userId)
      .orderBy('publisher_users.created_at')
      .orderBy('publishers.id')
      .execute();
  },

  findLinkedPublisher(db: Db, userId: number, publisherId: number) {
    return db
      .selectFrom('publisher_users')
      .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
      .selectAll('publishers')
      .where('publisher_users.user_id', '=', userId)
      .where('publisher_users.publisher_id', '=', publisherId)
      .executeTakeFirst();
  },

  findPublisherById(db: Db, id: number) {
    return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async setPixelDailyLimit(db: Db, id: number, limit: number | null): Promise<boolean> {
    const r = await db
      .updateTable('publishers')
      .set({ pixel_daily_limit: limit })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  findPublisherByReferralCode(db: Db, code: string) {
    return db.selectFrom('publishers').selectAll().where('referral_code', '=', code).executeTakeFirst();
  },

  insertUser(db: Db, values: Insertable<UsersTable>) {
    return db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  },

  insertPublisher(db: Db, values: Insertable<PublishersTable>) {
    return db.insertInto('publishers').values(values).returning('id').executeTakeFirstOrThrow();
  },

  link(db: Db, userId: number, publisherId: number) {
    return db
      .insertInto('publisher_users')
      .values({ user_id: userId, publisher_id: publisherId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  unlink(db: Db, userId: number, publisherId: number) {
    return db
      .deleteFrom('publisher_users')
      .where('user_id', '=', userId)
      .where('publisher_id', '=', publisherId)
      .executeTakeFirst();
  },

  /** Sets a new password hash and bumps the token version, revoking every earlier token. */
  setPassword(db: Db, userId: number, passwordHash: string) {
    return db
      .updateTable('users')
      .set({ password_hash: passwordHash, token_version: sql`token_version + 1` })
      .where('id', '=', userId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
  },

  /** Revokes every token of the user (password, two-factor changes, log-out everywhere). */
  bumpTokenVersion(db: Db, userId: number) {
    return db
      .updateTable('users')
      .set({ token_version: sql`token_version + 1` })
      .where('id', '=', userId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
  },

  accountManagerOf(db: Db, publisherId: number) {
    return db
      .selectFrom('publishers')
      .innerJoin('account_managers', 'account_managers.id', 'publishers.account_manager_id')
      .select(['account_managers.id', 'account_managers.name', 'account_managers.email', 'account_managers.phone'])
      .where('publishers.id', '=', publisherId)
      .executeTakeFirst();
  },

  /** Publishers waiting for approval: how many, and the newest with their first user's e-mail. */
  async pendingPublishers(db: Db, limit: number) {
    const count = await db
      .selectFrom('publishers')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const latest = await db
      .selectFrom('publishers')
      .select(['publishers.id', 'publishers.name', 'publishers.created_at'])
      .select((eb) =>
        eb
          .selectFrom('publisher_users')
          .innerJoin('users', 'users.id', 'publisher_users.user_id')
          .select('users.email')
          .whereRef('publisher_users.publisher_id', '=', 'publishers.id')
          .orderBy('users.id')
          .limit(1)
          .as('email'),
      )
      .where('publishers.status', '=', 'pending')
      .orderBy('publishers.created_at', 'desc')
      .orderBy('publishers.id', 'desc')
      .limit(limit)
      .execute();
    return { count: count.n, latest };
  },
};
