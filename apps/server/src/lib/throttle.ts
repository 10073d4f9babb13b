import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { tooManyRequests } from './errors.ts';

export interface ThrottleRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so every server process shares one budget and a
 * restart does not reset it. One atomic upsert per check.
 */
export async function hit(
  db: Db,
  key: string,
  rule: ThrottleRule,
): Promise<{ allowed: boolean; retryAfter: number; count: number }> {
  const row = await sql<{ count: number; window_start: Date }>`
    INSERT INTO throttle_buckets (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN throttle_buckets.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                   THEN 1 ELSE throttle_buckets.count + 1 END,
      window_start = CASE WHEN throttle_buckets.window_start < now() - make_interval(secs => ${rule.windowSeconds})
                   THEN now() ELSE throttle_buckets.window_start END
    RETURNING count, window_start`.execute(db);
  const r = row.rows[0]!;
  const elapsed = (Date.now() - new Date(r.window_start).getTime()) / 1000;
  const count = Number(r.count);
  return { allowed: count <= rule.limit, retryAfter: Math.max(1, Math.ceil(rule.windowSeconds - elapsed)), count };
}

/** Counts one attempt against every key; throws 429 if any budget is spent. */
export async function enforce(db: Db, keys: string[], rule: ThrottleRule, message?: string): Promise<void> {
  let retryAfter = 0;
  for (const key of keys) {
    const r = await hit(db, key, rule);
    if (!r.allowed) retryAfter = Math.max(retryAfter, r.retryAfter);
  }
  if (retryAfter > 0) throw tooManyRequests(retryAfter, message);
}

/** A key's current window (count and start), without counting anything; undefined if it has none. */
export function peek(db: Db, key: string) {
  return db.selectFrom('throttle_buckets').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
}

/** Forgets the failures of a key (a successful login clears its account's count). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle_buckets').where('key', '=', key).execute();
}

/** Gives back one charge of a key (a success: only failures spend a budget charged before the check). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .updateTable('throttle_buckets')
    .set({ count: sql`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

/** Drops windows older than any rule's (the longest is an hour): run by the hourly maintenance. */
export async function forgetOldWindows(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('throttle_buckets')
    .where('window_start', '<', new Date(now.getTime() - 24 * 3600_000))
    .execute();
}

export const THROTTLE = {
  loginPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  loginPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  twoFactorPerUser: { limit: 10, windowSeconds: 15 * 60 },
  twoFactorPerAddress: { limit: 100, windowSeconds: 15 * 60 },
  resetPerAccount: { limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 30, windowSeconds: 60 * 60 },
  // Final sign-ups from one client address: a person signs up once, an office a few times; one
  // address cannot take the whole daily limit (SIGNUP_DAILY_LIMIT, 100 by default) for itself.
  signupPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  signupPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  signupCheckPerAddress: { limit: 120, windowSeconds: 60 * 60 },
  // The sign-up step check that says "Email already exists" (docs/errors.md): a person checks their own
  // address a few times: 20 checks per client address and 10 per e-mail address an hour.
  signupEmailCheckPerAddress: { limit: 20, windowSeconds: 60 * 60 },
  signupEmailCheckPerAccount: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;
