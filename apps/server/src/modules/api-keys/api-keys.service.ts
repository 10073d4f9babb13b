import crypto from 'node:crypto';
import {
  API_KEY_ACCOUNT_RATE_LIMIT,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEYS_PER_PUBLISHER,
  ERROR_CODES,
  type ApiKey,
  type CreatedApiKey,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError, notFound, tooManyRequests } from '../../lib/errors.ts';
import { hit, type ThrottleRule } from '../../lib/throttle.ts';
import { sha256 } from '../../lib/tokens.ts';
import { apiKeysRepository, type ApiKeyRow, type UsableApiKey } from './api-keys.repository.ts';

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const WINDOW_SECONDS = 60;

/** `ppk_` + an 8-character id + `_` + 32 random bytes (base64url). */
function newKey(): { key: string; prefix: string } {
  const id = Array.from(crypto.randomBytes(8), (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
  const prefix = `${API_KEY_PREFIX}${id}`;
  return { key: `${prefix}_${crypto.randomBytes(32).toString('base64url')}`, prefix };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** A row as the API shows it: never the hash. */
function toApiKey(row: ApiKeyRow, now = Date.now()): ApiKey {
  const expired = row.expires_at != null && new Date(row.expires_at).getTime() <= now;
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    status: expired ? 'expired' : 'active',
    created_at: new Date(row.created_at).toISOString(),
    expires_at: iso(row.expires_at),
    last_used_at: iso(row.last_used_at),
  };
}

export type { UsableApiKey };

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

export const apiKeysService = {
  async list(ctx: AppContext, publisherId: number): Promise<ApiKey[]> {
    const now = Date.now();
    return (await apiKeysRepository.list(ctx.db, publisherId)).map((r) => toApiKey(r, now));
  },

  /** Makes a key; the answer is the only place the key itself ever appears. */
  async create(
    ctx: AppContext,
    owner: { publisherId: number; userId: number },
    input: { name: string; expires_at?: string | null | undefined },
  ): Promise<CreatedApiKey> {
    const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw fieldError('expires_at', ERROR_CODES.TOO_SHORT_OR_INVALID, 'The expiry must be in the future.');
    if ((await apiKeysRepository.countUsable(ctx.db, owner.publisherId)) >= API_KEYS_PER_PUBLISHER)
      throw new AppError(
        422,
        ERROR_CODES.VALIDATION,
        `You can have at most ${API_KEYS_PER_PUBLISHER} API keys. Revoke one first.`,
      );
    const { key, prefix } = newKey();
    const row = await apiKeysRepository.insert(ctx.db, {
      publisherId: owner.publisherId,
      userId: owner.userId,
      name: input.name,
      prefix,
      keyHash: sha256(key),
      expiresAt,
    });
    return { ...toApiKey(row), key };
  },

  /** Stops a key at once: the next request with it is refused. Another publisher's key is a 404. */
  async revoke(ctx: AppContext, publisherId: number, id: number): Promise<{ id: number; prefix: string }> {
    const revoked = await apiKeysRepository.revoke(ctx.db, publisherId, id);
    if (!revoked) throw notFound('API key not found.');
    return revoked;
  },

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
