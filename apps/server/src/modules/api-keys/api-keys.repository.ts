import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
}

/** A key that may authenticate now: live, unexpired, its publisher active and its user still linked. */
export interface UsableApiKey {
  id: number;
  prefix: string;
  publisher_id: number;
  user_id: number;
  token_version: number;
}

const LISTED = ['id', 'name', 'prefix', 'created_at', 'expires_at', 'last_used_at'] as const;

/** All SQL of API keys. */
export const apiKeysRepository = {
  /** The publisher's keys not revoked, newest first. */
  async list(db: Db, publisherId: number): Promise<ApiKeyRow[]> {
    return db
      .selectFrom('api_keys')
      .select(LISTED)
      .where('publisher_id', '=', publisherId)
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
  },

  /** Keys that still authenticate (not revoked, not expired): the number the cap counts. */
  async countUsable(db: Db, publisherId: number): Promise<number> {
    const row = await db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('publisher_id', '=', publisherId)
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(
    db: Db,
    values: {
      publisherId: number;
      userId: number;
      name: string;
      prefix: string;
      keyHash: string;
      expiresAt: Date | null;
    },
  ): Promise<ApiKeyRow> {
    return db
      .insertInto('api_keys')
      .values({
        publisher_id: values.publisherId,
        user_id: values.userId,
        name: values.name,
        prefix: values.prefix,
        key_hash: values.keyHash,
        expires_at: values.expiresAt,
      })
      .returning(LISTED)
      .executeTakeFirstOrThrow();
  },

  /** Revokes one of the publisher's live keys; null when there is none with that id. */
  async revoke(db: Db, publisherId: number, id: number): Promise<{ id: number; prefix: string } | null> {
    const row = await db
      .updateTable('api_keys')
      .set({ revoked_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('publisher_id', '=', publisherId)
      .where('revoked_at', 'is', null)
      .returning(['id', 'prefix'])
      .executeTakeFirst();
    return row ?? null;
  },

  /** One query for everything that decides whether a key works right now. */
  async findUsable(db: Db, keyHash: string): Promise<UsableApiKey | null> {
    const row = await db
      .selectFrom('api_keys')
      .innerJoin('publishers', 'publishers.id', 'api_keys.publisher_id')
      .innerJoin('publisher_users', (j) =>
        j
          .onRef('publisher_users.publisher_id', '=', 'api_keys.publisher_id')
          .onRef('publisher_users.user_id', '=', 'api_keys.user_id'),
      )
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(['api_keys.id', 'api_keys.prefix', 'api_keys.publisher_id', 'api_keys.user_id', 'users.token_version'])
      .where('api_keys.key_hash', '=', keyHash)
      .where('api_keys.revoked_at', 'is', null)
      .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', sql<Date>`now()`)]))
      .where('publishers.status', '=', 'active')
      .executeTakeFirst();
    return row ?? null;
  },

  /** Last use, to the minute: one write a minute per key at most, however busy it is. */
  async touch(db: Db, id: number): Promise<void> {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]),
      )
      .execute();
  },
};
