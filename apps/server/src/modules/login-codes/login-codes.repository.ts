import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ImpersonationAuditTable } from '../../db/types.ts';

export interface CodeInsert {
  code_hash: string;
  user_id: number;
  publisher_id: number;
  token_version: number;
  operator: string;
  operator_id?: number | null;
  operator_session_id?: string | null;
  operator_token_version?: number | null;
  expires_at: RawBuilder<Date>;
}

export const loginCodesRepository = {
  insertCode(db: Db, row: CodeInsert) {
    return db.insertInto('login_codes').values(row).returning(['id', 'expires_at']).executeTakeFirstOrThrow();
  },

  /** Marks a live code used and answers it; nothing when it is unknown, used or expired. */
  claim(db: Db, codeHash: string) {
    return db
      .updateTable('login_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning([
        'id',
        'user_id',
        'publisher_id',
        'token_version',
        'operator',
        'operator_id',
        'operator_session_id',
        'operator_token_version',
      ])
      .executeTakeFirst();
  },

  /** The user's e-mail and token version, and the publisher's status if the user is still linked to it. */
  account(db: Db, userId: number, publisherId: number) {
    return db
      .selectFrom('users')
      .innerJoin('publisher_users', 'publisher_users.user_id', 'users.id')
      .innerJoin('publishers', 'publishers.id', 'publisher_users.publisher_id')
      .select(['users.email', 'users.token_version', 'publishers.status'])
      .where('users.id', '=', userId)
      .where('publishers.id', '=', publisherId)
      .executeTakeFirst();
  },

  audit(db: Db, row: Insertable<ImpersonationAuditTable>) {
    return db.insertInto('impersonation_audit').values(row).execute();
  },

  listAudit(db: Db, opts: { since?: Date; email?: string; limit?: number }) {
    let q = db
      .selectFrom('impersonation_audit')
      .select(['at', 'action', 'operator', 'user_email', 'user_id', 'publisher_id', 'address', 'user_agent'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(opts.limit ?? 100);
    if (opts.since) q = q.where('at', '>=', opts.since);
    if (opts.email) q = q.where(sql<string>`lower(user_email)`, '=', opts.email.trim().toLowerCase());
    return q.execute();
  },

  deleteExpiredBefore(db: Db, before: Date) {
    return db.deleteFrom('login_codes').where('expires_at', '<', before).execute();
  },
};
