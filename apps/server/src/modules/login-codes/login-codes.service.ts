import { sql } from 'kysely';
import { ERROR_CODES, LOGIN_CODE_PARAM, LOGIN_CODE_REFUSED_MESSAGE, LOGIN_CODE_TTL_SECONDS } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { enforce, giveBack, type ThrottleRule } from '../../lib/throttle.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { loginCodesRepository } from './login-codes.repository.ts';
import { throttleAddress } from '../../lib/client-address.ts';
import { VIEW_AS_TTL_SECONDS } from '../../lib/view-as.ts';

/**
 * One-time login codes: what an operator's impersonation link carries instead of a
 * session token. 32 random bytes, printed once and stored as their SHA-256; valid for
 * LOGIN_CODE_TTL_SECONDS, for one exchange, and only while the user's token version is the one it
 * was made with. Making and exchanging a code each write an audit row.
 */

/** Failed exchanges per client address (a success gives its charge back). */
export const LOGIN_CODE_THROTTLE: ThrottleRule = { limit: 20, windowSeconds: 15 * 60 };

/** What `newOpaqueToken()` makes: 32 bytes in base64url. Anything else is not worth a query. */
const CODE_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const OPERATOR_SHAPE = /^[^\p{Cc}]{1,128}$/u;
const USER_AGENT_MAX = 512;

/** Unknown, used, expired or void: one answer that does not say which. */
const refused = () => new AppError(401, ERROR_CODES.BAD_CREDENTIALS, LOGIN_CODE_REFUSED_MESSAGE);

/** Where a request came from, as the audit log keeps it. */
export interface ClientMeta {
  address: string | null;
  userAgent: string | null;
}

export interface NewLoginCode {
  code: string;
  /** `{PUBLIC_URL}/?login_code=<code>&publisher_id=<id>` (docs/screens.md's entry by link). */
  link: string;
  userId: number;
  publisherId: number;
  expiresAt: Date;
}

export class LoginCodeError extends Error {}

const throttleKey = (address: string | null) => `login-code:ip:${throttleAddress(address)}`;

export const loginCodesService = {
  /**
   * A code that logs `email` in to `publisherId` (default: the user's first active account), made
   * by `operator`. Throws LoginCodeError (for the CLI to print) when that cannot be. A console
   * operator's code names them by id too (`operatorId`): the session it opens writes only while
   * their role allows (plugins/auth.ts). Inside `trx`, when given (the console's audit entry
   * commits with the code); in a transaction of its own otherwise.
   */
  async create(
    ctx: AppContext,
    input: {
      email: string;
      publisherId?: number;
      operator: string;
      operatorId?: number;
      /** The console operator's own session and token version: the view-as session ends with them. */
      operatorSession?: { sid: string; version: number };
      meta: ClientMeta;
    },
    trx?: Db,
  ): Promise<NewLoginCode> {
    const operator = input.operator.trim();
    if (!OPERATOR_SHAPE.test(operator))
      throw new LoginCodeError('the operator name must be 1 to 128 printable characters');
    // Read in the caller's transaction when there is one (PGlite has a single connection).
    const reader = trx ? { ...ctx, db: trx } : ctx;
    const user = await accountsService.findUserByEmail(reader, input.email);
    if (!user) throw new LoginCodeError(`no user ${input.email}`);
    const linked = await accountsService.linkedPublishers(reader, user.id);
    const pub =
      input.publisherId === undefined
        ? linked.find((p) => p.status === 'active')
        : linked.find((p) => p.id === input.publisherId);
    if (!pub)
      throw new LoginCodeError(
        `${input.email} is not linked to ${input.publisherId ? `publisher ${input.publisherId}` : 'an active publisher'}`,
      );
    if (pub.status !== 'active') throw new LoginCodeError(`publisher ${pub.id} is ${pub.status}, not active`);

    const { token: code, hash } = newOpaqueToken(32);
    const write = async (trx: Db) => {
      const created = await loginCodesRepository.insertCode(trx, {
        code_hash: hash,
        user_id: user.id,
        publisher_id: pub.id,
        token_version: user.token_version,
        operator,
        operator_id: input.operatorId ?? null,
        operator_session_id: input.operatorSession?.sid ?? null,
        operator_token_version: input.operatorSession?.version ?? null,
        expires_at: sql<Date>`now() + make_interval(secs => ${LOGIN_CODE_TTL_SECONDS})`,
      });
      await loginCodesRepository.audit(trx, {
        action: 'code_created',
        operator,
        user_id: user.id,
        user_email: user.email,
        publisher_id: pub.id,
        login_code_id: created.id,
        address: input.meta.address,
        user_agent: input.meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      });
      return created;
    };
    const row = trx ? await write(trx) : await ctx.db.transaction().execute(write);
    const query = new URLSearchParams({ [LOGIN_CODE_PARAM]: code, publisher_id: String(pub.id) });
    return {
      code,
      link: `${ctx.config.publicUrl}/?${query.toString()}`,
      userId: user.id,
      publisherId: pub.id,
      expiresAt: row.expires_at,
    };
  },

  /**
   * Exchanges a code for an access token (the answer of a login), carrying the operator as the
   * token's `act`. The code is claimed by one UPDATE, so it is used at most once however many
   * exchanges race for it. Failures are throttled per client address.
   */
  async exchange(ctx: AppContext, code: string, meta: ClientMeta): Promise<{ jwt: string; multilogin_enabled: false }> {
    const key = throttleKey(meta.address);
    await enforce(ctx.db, [key], LOGIN_CODE_THROTTLE, 'Too many attempts. Please try again later.');
    const claimed = CODE_SHAPE.test(code) ? await claim(ctx.db, sha256(code), meta) : null;
    if (!claimed) throw refused();
    // Only failures spend the address's budget.
    await giveBack(ctx.db, key);
    // A console operator's view-as session lasts at most 30 minutes (lib/view-as.ts).
    const viewAsTtl =
      claimed.operatorId !== null ? Math.min(VIEW_AS_TTL_SECONDS, ctx.config.ACCESS_TOKEN_TTL_MINUTES * 60) : undefined;
    const jwt = await ctx.jwt.sign(
      {
        userId: claimed.userId,
        publisherId: claimed.publisherId,
        purpose: 'access',
        version: claimed.tokenVersion,
        operator: claimed.operator,
        ...(claimed.operatorId !== null ? { operatorId: claimed.operatorId } : {}),
        ...(claimed.operatorSession ? { operatorSession: claimed.operatorSession } : {}),
      },
      viewAsTtl,
    );
    return { jwt, multilogin_enabled: false };
  },

  /** The audit log, newest first. */
  listAudit(ctx: AppContext, opts: { since?: Date; email?: string; limit?: number } = {}) {
    return loginCodesRepository.listAudit(ctx.db, opts);
  },

  /** Drops codes that expired more than a day ago (the audit log keeps their story). */
  forgetOld(db: Db, now = new Date()) {
    return loginCodesRepository.deleteExpiredBefore(db, new Date(now.getTime() - 24 * 3600_000));
  },
};

/**
 * Claims a live code and checks its account is still as it was (same token version, still linked
 * to an active publisher); writes the audit row. Null for any refusal (a void code stays used).
 */
async function claim(db: Db, hash: string, meta: ClientMeta) {
  return db.transaction().execute(async (trx) => {
    const code = await loginCodesRepository.claim(trx, hash);
    if (!code) return null;
    const account = await loginCodesRepository.account(trx, code.user_id, code.publisher_id);
    if (!account || account.token_version !== code.token_version || account.status !== 'active') return null;
    await loginCodesRepository.audit(trx, {
      action: 'code_exchanged',
      operator: code.operator,
      user_id: code.user_id,
      user_email: account.email,
      publisher_id: code.publisher_id,
      login_code_id: code.id,
      address: meta.address,
      user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    return {
      userId: code.user_id,
      publisherId: code.publisher_id,
      tokenVersion: code.token_version,
      operator: code.operator,
      operatorId: code.operator_id,
      operatorSession:
        code.operator_session_id !== null && code.operator_token_version !== null
          ? { sid: code.operator_session_id, version: code.operator_token_version }
          : null,
    };
  });
}
