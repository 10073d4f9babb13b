import { sql, type Selectable } from 'kysely';
import {
  OPERATOR_SETTING_KEYS,
  type OperatorRole,
  type OperatorStatus,
} from '@portal/shared/admin/operators.constants';
import type { Db } from '../../db/database.ts';
import type { OperatorsTable } from '../../db/types.ts';
import { keysetOrder, keysetWhere, type Keyset } from '../../lib/keyset.ts';

export type OperatorRecord = Selectable<OperatorsTable>;

/** All SQL of the operator accounts (migration 0060). */
export const operatorsRepository = {
  findById: (db: Db, id: number) => db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst(),

  findByEmail: (db: Db, email: string) =>
    db
      .selectFrom('operators')
      .selectAll()
      .where(sql`lower(email)`, '=', email.trim().toLowerCase())
      .executeTakeFirst(),

  /**
   * The operator a token names, whether its session has signed out, and whether the console
   * requires two-factor: one query for every operator request.
   */
  findForSession: (db: Db, id: number, sessionId: string) =>
    db
      .selectFrom('operators')
      .selectAll()
      .select((eb) => [
        eb
          .exists(eb.selectFrom('operator_revoked_sessions').select('sid').where('sid', '=', sessionId))
          .as('signed_out'),
        eb.selectFrom('settings').select('value').where('key', '=', OPERATOR_SETTING_KEYS.require2fa).as('require_2fa'),
      ])
      .where('id', '=', id)
      .executeTakeFirst(),

  insert: (db: Db, values: { email: string; name: string; role: OperatorRole; password_hash?: string | null }) =>
    db.insertInto('operators').values(values).returningAll().executeTakeFirstOrThrow(),

  /** Inserts unless an operator has that e-mail (whatever its case): safe for processes racing. */
  insertIfMissing: (db: Db, values: { email: string; name: string; role: OperatorRole; password_hash: string }) =>
    db
      .insertInto('operators')
      .values(values)
      .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
      .execute(),

  /** Changes role, status or name; a status change bumps the token version (tokens end at once). */
  update: (db: Db, id: number, set: { role?: OperatorRole; status?: OperatorStatus; name?: string }) =>
    db
      .updateTable('operators')
      .set({ ...set, ...(set.status ? { token_version: sql<number>`token_version + 1` } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),

  /** Active owners other than `exceptId`, locked until the transaction ends (two demotions cannot race). */
  async otherActiveOwners(db: Db, exceptId: number): Promise<number> {
    const rows = await db
      .selectFrom('operators')
      .select('id')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .where('id', '<>', exceptId)
      .forUpdate()
      .execute();
    return rows.length;
  },

  setPassword: (db: Db, id: number, passwordHash: string) =>
    db
      .updateTable('operators')
      .set({ password_hash: passwordHash, token_version: sql<number>`token_version + 1` })
      .where('id', '=', id)
      .returning(['email', 'token_version'])
      .executeTakeFirstOrThrow(),

  touchLogin: (db: Db, id: number) =>
    db
      .updateTable('operators')
      .set({ last_login_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute(),

  bumpTokenVersion: async (db: Db, id: number): Promise<number> => {
    const row = await db
      .updateTable('operators')
      .set({ token_version: sql<number>`token_version + 1` })
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    return row.token_version;
  },

  async list(
    db: Db,
    k: Keyset,
    filters: { status?: OperatorStatus | null; role?: OperatorRole | null },
    limit: number,
  ) {
    let q = db
      .selectFrom('operators')
      .selectAll()
      .select(sql<string>`${k.key.expr}::text`.as('sort_key'))
      .where(keysetWhere(k));
    if (filters.status) q = q.where('status', '=', filters.status);
    if (filters.role) q = q.where('role', '=', filters.role);
    return q
      .orderBy(keysetOrder(k))
      .limit(limit + 1)
      .execute();
  },

  names: (db: Db, ids?: number[]) => {
    let q = db.selectFrom('operators').select(['id', 'name', 'email']).orderBy('name').orderBy('id');
    if (ids) q = q.where('id', 'in', ids.length > 0 ? ids : [0]);
    return q.execute();
  },

  /* Set-password links ------------------------------------------------------------------------- */

  /** A new link voids the operator's earlier unused ones: only the newest works. */
  async insertPasswordToken(db: Db, operatorId: number, tokenHash: string, ttlHours: number) {
    await db
      .updateTable('operator_password_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('operator_id', '=', operatorId)
      .where('used_at', 'is', null)
      .execute();
    return db
      .insertInto('operator_password_tokens')
      .values({
        operator_id: operatorId,
        token_hash: tokenHash,
        expires_at: sql<Date>`now() + make_interval(hours => ${ttlHours})`,
      })
      .returning('expires_at')
      .executeTakeFirstOrThrow();
  },

  /** The operator a live (unused, unexpired) link is for, without claiming it. */
  findByLiveToken: (db: Db, tokenHash: string) =>
    db
      .selectFrom('operator_password_tokens as t')
      .innerJoin('operators as o', 'o.id', 't.operator_id')
      .select(['o.id', 'o.email', 'o.status'])
      .where('t.token_hash', '=', tokenHash)
      .where('t.used_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst(),

  /** Claims a live link: one UPDATE, so of two racing requests exactly one gets it. */
  claimPasswordToken: (db: Db, tokenHash: string) =>
    db
      .updateTable('operator_password_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('operator_id')
      .executeTakeFirst(),

  /* Sessions ------------------------------------------------------------------------------------ */

  async revokeSession(db: Db, operatorId: number, sid: string, expiresAt: Date) {
    await db
      .insertInto('operator_revoked_sessions')
      .values({ sid, operator_id: operatorId, expires_at: expiresAt })
      .onConflict((oc) => oc.column('sid').doNothing())
      .execute();
    await db
      .deleteFrom('operator_revoked_sessions')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
  },

  /* Two-factor ---------------------------------------------------------------------------------- */

  /** Records a used time step; false if that step (or a later one) was already used: a replay. */
  async claimStep(db: Db, id: number, step: number): Promise<boolean> {
    const r = await db
      .updateTable('operators')
      .set({ totp_last_step: step })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async claimRecoveryCode(db: Db, id: number, codeHash: string): Promise<boolean> {
    const r = await db
      .updateTable('operator_recovery_codes')
      .set({ used_at: sql<Date>`now()` })
      .where('operator_id', '=', id)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async countUnusedRecoveryCodes(db: Db, id: number): Promise<number> {
    const r = await db
      .selectFrom('operator_recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('operator_id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return r.n;
  },

  setPendingSecret: (db: Db, id: number, secret: string | null) =>
    db.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', id).execute(),

  async enableTwoFactor(db: Db, id: number, secret: string, step: number, recoveryHashes: string[]) {
    await db
      .updateTable('operators')
      .set({ totp_secret: secret, totp_enabled: true, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
    await db
      .insertInto('operator_recovery_codes')
      .values(recoveryHashes.map((code_hash) => ({ operator_id: id, code_hash })))
      .execute();
  },

  async disableTwoFactor(db: Db, id: number) {
    await db
      .updateTable('operators')
      .set({ totp_secret: null, totp_enabled: false, totp_pending_secret: null, totp_last_step: null })
      .where('id', '=', id)
      .execute();
    await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', id).execute();
  },

  /* Settings ------------------------------------------------------------------------------------ */

  async getSetting(db: Db, key: string): Promise<string | null> {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? null;
  },

  setSetting: (db: Db, key: string, value: string) =>
    db
      .insertInto('settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute(),
};
