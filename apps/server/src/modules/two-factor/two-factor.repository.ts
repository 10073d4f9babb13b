import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const twoFactorRepository = {
  /** Records a used time step; false if that step (or a later one) was already used: a replay. */
  async claimStep(db: Db, userId: number, step: number): Promise<boolean> {
    const r = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Marks an unused recovery code used; false if no such unused code. */
  async claimRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
    const r = await db
      .updateTable('recovery_codes')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async countUnusedRecoveryCodes(db: Db, userId: number): Promise<number> {
    const r = await db
      .selectFrom('recovery_codes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return r.n;
  },

  setPendingSecret(db: Db, userId: number, secret: string | null) {
    return db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
  },

  async enable(db: Db, userId: number, secret: string, step: number, recoveryHashes: string[]) {
    await db
      .updateTable('users')
      .set({ totp_secret: secret, totp_enabled: true, totp_pending_secret: null, totp_last_step: step })
      .where('id', '=', userId)
      .execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await db
      .insertInto('recovery_codes')
      .values(recoveryHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  },

  async disable(db: Db, userId: number) {
    await db
      .updateTable('users')
      .set({ totp_secret: null, totp_enabled: false, totp_pending_secret: null, totp_last_step: null })
      .where('id', '=', userId)
      .execute();
    await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  },
};
