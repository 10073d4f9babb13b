import crypto from 'node:crypto';
import {
  API_KEY_ACCOUNT_RATE_LIMIT,
  API_KEY_DEFAULT_EXPIRY_DAYS,
  API_KEY_MAX_EXPIRY_DAYS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEYS_PER_PUBLISHER,
  ERROR_CODES,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, fieldError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { hit, type ThrottleRule } from '../../lib/throttle.ts';
import { sha256 } from '../../lib/tokens.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';
import { apiKeysRepository, type ApiKeyRow, type UsableApiKey } from './api-keys.repository.ts';
import { apiKeyCreatedMail } from './api-keys.mail.ts';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const WINDOW_SECONDS = 60;
const DAY_MS = 86_400_000;
/** A browser computes "a year from now" a moment before the server reads it, on its own clock. */
const CLOCK_SLACK_MS = DAY_MS;

/** `ppk_` + an 8-character id + `_` + 32 random bytes (base64url). */
function newKey(): { key: string; prefix: string } {
  const id = Array.from(crypto.randomBytes(8), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  const prefix = `${API_KEY_PREFIX}${id}`;
  return { key: `${prefix}_${crypto.randomBytes(32).toString('base64url')}`, prefix };
}

/** A row as the API shows it: never the hash. */
function toApiKey(row: ApiKeyRow, now = Date.now()): ApiKey {
  const expiresAt = new Date(row.expires_at);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    status: expiresAt.getTime() <= now ? 'expired' : 'active',
    scope: row.scope,
    created_at: new Date(row.created_at).toISOString(),
    expires_at: expiresAt.toISOString(),
    last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  };
}

export type { UsableApiKey };

/** The expiry asked for, checked: in the future and at most a year ahead; none asked: 90 days. */
function expiryOf(requested: string | undefined, now = Date.now()): Date {
  if (!requested) return new Date(now + API_KEY_DEFAULT_EXPIRY_DAYS * DAY_MS);
  const at = new Date(requested);
  if (at.getTime() <= now)
    throw fieldError('expires_at', ERROR_CODES.TOO_SHORT_OR_INVALID, 'The expiry must be in the future.');
  if (at.getTime() > now + API_KEY_MAX_EXPIRY_DAYS * DAY_MS + CLOCK_SLACK_MS)
    throw fieldError('expires_at', ERROR_CODES.TOO_SHORT_OR_INVALID, 'A key may last at most a year.');
  return at;
}

export interface ApiKeyLimits {
  /** What one key may do per minute (API_KEY_RATE_LIMIT). */
  perKey: ThrottleRule;
  /** What all of an account's keys together may do per minute. */
  perAccount: ThrottleRule;
}

export const apiKeyLimits = (ctx: AppContext): ApiKeyLimits => ({
  perKey: { limit: ctx.config.API_KEY_RATE_LIMIT, windowSeconds: WINDOW_SECONDS },
  perAccount: { limit: API_KEY_ACCOUNT_RATE_LIMIT, windowSeconds: WINDOW_SECONDS },
});

/** Whether a key of scope `has` may call a route that needs `needs`. */
export const scopeAllows = (has: ApiKeyScope, needs: ApiKeyScope) => has === 'read_write' || needs === 'read';

/** The account's notice of a new key; a mail failure is logged and does not undo the key. */
async function sendNotice(
  ctx: AppContext,
  n: { user: { email: string; firstname: string }; publisherId: number; key: ApiKey; ip: string },
): Promise<void> {
  try {
    const publisher = await accountsService.findPublisherById(ctx, n.publisherId);
    await ctx.mailer.send(
      apiKeyCreatedMail({
        to: n.user.email,
        firstname: n.user.firstname,
        publisherName: publisher?.name ?? `account ${n.publisherId}`,
        key: n.key,
        ip: n.ip,
        publicUrl: ctx.config.publicUrl,
      }),
    );
  } catch (err) {
    ctx.log.error({ err, apiKey: n.key.prefix }, 'API key notice e-mail failed');
  }
}

export const apiKeysService = {
  async list(ctx: AppContext, publisherId: number): Promise<ApiKey[]> {
    const now = Date.now();
    return (await apiKeysRepository.list(ctx.db, publisherId)).map((r) => toApiKey(r, now));
  },

  /**
   * Makes a key once the caller has proven the account's password (and two-factor code) in this
   * request; never for a view-as-publisher session. The answer is the only place the key itself
   * ever appears; the account's e-mail gets a notice.
   */
  async create(
    ctx: AppContext,
    auth: PublisherAuth,
    input: {
      name: string;
      scope: ApiKeyScope;
      expires_at?: string | undefined;
      password?: string | null | undefined;
      code?: string | null | undefined;
    },
    ip: string,
  ): Promise<CreatedApiKey> {
    if (auth.operator)
      throw new AppError(
        403,
        ERROR_CODES.FORBIDDEN,
        'API keys cannot be made while viewing the portal as this publisher. The publisher makes their own.',
      );
    const expiresAt = expiryOf(input.expires_at);
    const user = await reauthenticate(ctx, auth.userId, { password: input.password, code: input.code }, ip);
    if ((await apiKeysRepository.countUsable(ctx.db, auth.publisherId)) >= API_KEYS_PER_PUBLISHER)
      throw new AppError(
        422,
        ERROR_CODES.VALIDATION,
        `You can have at most ${API_KEYS_PER_PUBLISHER} API keys. Revoke one first.`,
      );
    const { key, prefix } = newKey();
    const row = await apiKeysRepository.insert(ctx.db, {
      publisherId: auth.publisherId,
      userId: auth.userId,
      tokenVersion: user.token_version,
      name: input.name,
      scope: input.scope,
      prefix,
      keyHash: sha256(key),
      expiresAt,
    });
    const created = toApiKey(row);
    // Not awaited: a slow mail server does not hold the answer (sendNotice logs its own failure).
    void sendNotice(ctx, { user, publisherId: auth.publisherId, key: created, ip });
    return { ...created, key };
  },

  /** Stops a key at once: the next request with it is refused. Another publisher's key is a 404. */
  async revoke(ctx: AppContext, publisherId: number, id: number): Promise<{ id: number; prefix: string }> {
    const revoked = await apiKeysRepository.revoke(ctx.db, publisherId, id);
    if (!revoked) throw notFound('API key not found.');
    return revoked;
  },

  /**
   * After a password change by the signed-in owner (which bumped the user's token version from
   * `from` to `to`): the user's keys stay. Answers how many still work. Run in the change's
   * transaction, so no request sees the keys ended in between.
   */
  keepAfterPasswordChange: (db: Db, userId: number, from: number, to: number): Promise<number> =>
    apiKeysRepository.carryOver(db, userId, from, to),

  /** The key's owner if it works right now (live, unexpired, its publisher active), else null. */
  async authenticate(ctx: AppContext, key: string): Promise<UsableApiKey | null> {
    if (!API_KEY_PATTERN.test(key)) return null;
    const found = await apiKeysRepository.findUsable(ctx.db, sha256(key));
    if (found) await apiKeysRepository.touch(ctx.db, found.id);
    return found;
  },

  /**
   * Counts one request against the key's and the account's budgets (database counters, shared by
   * every process); a 429 with Retry-After once either is spent. Answers what is left of the key's.
   */
  async charge(ctx: AppContext, key: UsableApiKey): Promise<{ limit: number; remaining: number }> {
    const limits = apiKeyLimits(ctx);
    const perKey = await hit(ctx.db, `apikey:key:${key.id}`, limits.perKey);
    const perAccount = await hit(ctx.db, `apikey:pub:${key.publisher_id}`, limits.perAccount);
    const refused = [perKey, perAccount].filter((r) => !r.allowed);
    if (refused.length > 0)
      throw tooManyRequests(
        Math.max(...refused.map((r) => r.retryAfter)),
        'Too many requests with this API key. Please slow down.',
      );
    return { limit: limits.perKey.limit, remaining: Math.max(0, limits.perKey.limit - perKey.count) };
  },
};
