import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { AuthState } from '../../lib/request-identity.ts';
import { accountsService } from '../accounts/accounts.service.ts';

/**
 * Ending sessions. A token names its login session (`sid`); logging out records that
 * session as revoked until its last token has expired, and the auth check refuses it in the same
 * query that reads the user's token version. Ending every session bumps the token version, which
 * every earlier token carries and so no longer matches.
 */
export const sessionsService = {
  /** Ends the caller's session at once: this token and every token the session exchanged for. */
  async logout(ctx: AppContext, auth: AuthState): Promise<void> {
    // No token of the session outlives the later of its own expiry and a full access-token
    // lifetime from now (the longest any token the session could still have been given).
    const lastExpiry = Math.max(auth.expiresAt * 1000, Date.now() + ctx.config.ACCESS_TOKEN_TTL_MINUTES * 60_000);
    await ctx.db
      .insertInto('revoked_sessions')
      .values({ sid: auth.sessionId, user_id: auth.userId, expires_at: new Date(lastExpiry) })
      .onConflict((oc) => oc.column('sid').doNothing())
      .execute();
    // Revoked sessions whose tokens have all expired need no row any more.
    await ctx.db
      .deleteFrom('revoked_sessions')
      .where('expires_at', '<', sql<Date>`now()`)
      .execute();
  },

  /** Ends every session of the user, the caller's too. */
  async logoutEverywhere(ctx: AppContext, userId: number): Promise<void> {
    await accountsService.bumpTokenVersion(ctx.db, userId);
  },
};
