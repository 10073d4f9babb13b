import { sql, type ExpressionBuilder } from 'kysely';
import type { ApiKeyScope } from '@portal/shared';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
}

/** A key that may authenticate now: live, unexpired, its user's, its publisher active and linked. */
export interface UsableApiKey {
  id: number;
  prefix: string;
  scope: ApiKeyScope;
  publisher_id: number;
  user_id: number;
  token_version: number;
}

const LISTED = [
  'api_keys.id',
  'api_keys.name',
  'api_keys.prefix',
  'api_keys.scope',
  'api_keys.created_at',
  'api_keys.expires_at',
  'api_keys.last_used_at',
] as const;

type WithUsers = ExpressionBuilder<Database, 'api_keys' | 'users'>;

/**
 * Not revoked, and still of its user's token version: "log out everywhere", a password reset and a
 * two-factor change bump the user's version and so end every key made before, in the same statement
 * that ends the sessions (there is no second place to forget).
 */
const live = (eb: WithUsers) =>
  eb.and([eb('api_keys.revoked_at', 'is', null), eb('api_keys.token_version', '=', eb.ref('users.token_version'))]);

/** All SQL of API keys. */
export const apiKeysRepository = {
  /** The publisher's live keys (expired ones too, marked so by the service), newest first. */
  async list(db: Db, publisherId: number): Promise<ApiKeyRow[]> {
    return db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select(LISTED)
      .where('api_keys.publisher_id', '=', publisherId)
      .where(live)
      .orderBy('api_keys.id', 'desc')
      .execute();
  },

  /** Keys that still authenticate (live, not expired): the number the cap counts. */
  async countUsable(db: Db, publisherId: number): Promise<number> {
    const row = await db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('api_keys.publisher_id', '=', publisherId)
      .where(live)
      .where('api_keys.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async insert(
    db: Db,
    values: {
      publisherId: number;
      userId: number;
      tokenVersion: number;
      name: string;
      scope: ApiKeyScope;
      prefix: string;
      keyHash: string;
      expiresAt: Date;
    },
  ): Promise<ApiKeyRow> {
    return db
      .insertInto('api_keys')
      .values({
        publisher_id: values.publisherId,
        user_id: values.userId,
        token_version: values.tokenVersion,
        name: values.name,
        scope: values.scope,
        prefix: values.prefix,
        key_hash: values.keyHash,
        expires_at: values.expiresAt,
      })
      .returning(['id', 'name', 'prefix', 'scope', 'created_at', 'expires_at', 'last_used_at'])
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
      .where(({ eb, selectFrom }) =>
        eb('token_version', '=', selectFrom('users').select('token_version').whereRef('users.id', '=', 'user_id')),
      )
      .returning(['id', 'prefix'])
      .executeTakeFirst();
    return row ?? null;
  },

  /**
   * Moves the user's keys that were live at `from` to the version `to` (a password change by the
   * owner keeps them); answers how many of them have not expired.
   */
  async carryOver(db: Db, userId: number, from: number, to: number): Promise<number> {
    const rows = await db
      .updateTable('api_keys')
      .set({ token_version: to })
      .where('user_id', '=', userId)
      .where('token_version', '=', from)
      .where('revoked_at', 'is', null)
      .returning('expires_at')
      .execute();
    const now = Date.now();
    return rows.filter((r) => new Date(r.expires_at).getTime() > now).length;
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
      .select([
        'api_keys.id',
        'api_keys.prefix',
        'api_keys.scope',
        'api_keys.publisher_id',
        'api_keys.user_id',
        'users.token_version',
      ])
      .where('api_keys.key_hash', '=', keyHash)
      .where(live)
      .where('api_keys.expires_at', '>', sql<Date>`now()`)
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
