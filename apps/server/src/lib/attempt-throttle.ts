import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { tooManyRequests } from './errors.ts';
import { enforce, giveBack, hit, type ThrottleRule } from './throttle.ts';
import { throttleAddress } from './client-address.ts';

/**
 * Throttling for secrets guessed against one subject (a login's account, a user's two-factor
 * code) that an attacker cannot aim at somebody else.
 *
 * Three counters, all in `throttle_buckets` (shared by every process, one statement each):
 *
 * - per address (`{scope}:ip:{ip}`): attempts from one client address over all subjects, against
 *   spraying one password over many accounts. Charged before the check; a success gives its
 *   charge back, so only failures and refusals spend it.
 * - per subject and address (`{scope}:pair:{subject} {ip}`): that address's failures against that
 *   subject. The first `freeFailures` cost nothing; after them each further try must wait, twice as
 *   long each time (`firstDelaySeconds`, doubling, at most `maxDelaySeconds`). A try reserves its
 *   place atomically before the check, so parallel guesses cannot race past the limit; a success
 *   forgets the pair. The pair remembers its last try for `pairMemorySeconds`.
 * - per subject (`{scope}:acct:{subject}`): failures from every address within `windowSeconds`.
 *   Past `underAttackAfter` the subject is under attack: an address that has already failed
 *   `freeFailuresUnderAttack` times against it waits the full `maxDelaySeconds` per further try.
 *   It never refuses an address without failures of its own against that subject, so the owner,
 *   from their own address, still gets in while someone else is guessing (unless `hardLimit` is
 *   set, for two-factor codes, see below).
 *
 * What an attacker controlling many addresses can do: each address gets `freeFailures` guesses at
 * an account, then (once the account has `underAttackAfter` failures) `freeFailuresUnderAttack`
 * guesses per fresh address and one more per address every `maxDelaySeconds`; and each address at
 * most `perAddress.limit` guesses per window over all accounts. So M addresses buy roughly 2·M
 * guesses per 15 minutes at one account, and cannot lock its owner out: that is the price of
 * not letting failures from elsewhere refuse the right password. Only the password's strength and
 * argon2 stand against a large botnet; the per-address budget keeps one address from spraying.
 * Two-factor codes have a million values and the attacker must already know the password, so
 * there a `hardLimit` of failures per user refuses every address once reached: a botnet cannot
 * outguess a six-digit code, and locking the owner out of that step needs their password.
 *
 * A trusted device (a browser that logged in to this subject before, lib/trusted-device.ts)
 * takes the place of the address: its tries are not counted per address, its pair is the subject
 * and the device, and the subject being under attack does not shorten its free failures. So what
 * others do from the owner's address (an office NAT, a shared IPv6 /64) does not refuse the owner
 * in the browser they use; the device's own wrong passwords still wait as an address's do, and
 * they still count toward the subject's failures.
 */
export interface AttemptPolicy {
  /** Key prefix: `login`, `2fa`. */
  scope: string;
  perAddress: ThrottleRule;
  freeFailures: number;
  freeFailuresUnderAttack: number;
  underAttackAfter: number;
  /** Failures per subject in the window past which everyone is refused; null for none. */
  hardLimit: number | null;
  windowSeconds: number;
  pairMemorySeconds: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
}

const MINUTE = 60;

export const ATTEMPT_POLICIES = {
  login: {
    scope: 'login',
    perAddress: { limit: 100, windowSeconds: 15 * MINUTE },
    freeFailures: 5,
    freeFailuresUnderAttack: 2,
    underAttackAfter: 10,
    hardLimit: null,
    windowSeconds: 15 * MINUTE,
    pairMemorySeconds: 60 * MINUTE,
    firstDelaySeconds: 30,
    maxDelaySeconds: 15 * MINUTE,
  },
  twoFactor: {
    scope: '2fa',
    perAddress: { limit: 100, windowSeconds: 15 * MINUTE },
    freeFailures: 5,
    freeFailuresUnderAttack: 2,
    underAttackAfter: 10,
    hardLimit: 20,
    windowSeconds: 15 * MINUTE,
    pairMemorySeconds: 60 * MINUTE,
    firstDelaySeconds: 30,
    maxDelaySeconds: 15 * MINUTE,
  },
} satisfies Record<string, AttemptPolicy>;

/**
 * The operator console's sign-in and two-factor step: the same budgets as the publisher's, counted
 * apart (an operator and a publisher sharing an e-mail or an office address do not share them).
 */
export const OPERATOR_ATTEMPT_POLICIES = {
  login: { ...ATTEMPT_POLICIES.login, scope: 'op-login' },
  twoFactor: { ...ATTEMPT_POLICIES.twoFactor, scope: 'op-2fa' },
} satisfies Record<string, AttemptPolicy>;

/** What to do once the secret has been checked. */
export interface Attempt {
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

/** The pair keys of a subject all start with this (its address follows). */
const pairPrefix = (p: AttemptPolicy, subject: string) => `${p.scope}:pair:${subject} `;

const keys = (p: AttemptPolicy, subject: string, ip: string, device: string | null = null) => ({
  address: `${p.scope}:ip:${throttleAddress(ip)}`,
  pair: `${pairPrefix(p, subject)}${device ? `device:${device}` : throttleAddress(ip)}`,
  subject: `${p.scope}:acct:${subject}`,
});

/** The subject's failures in the current window (0 when the window has closed). */
async function subjectFailures(db: Db, p: AttemptPolicy, key: string): Promise<{ count: number; retryAfter: number }> {
  const row = await db
    .selectFrom('throttle_buckets')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { count: 0, retryAfter: 0 };
  const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
  if (elapsed >= p.windowSeconds) return { count: 0, retryAfter: 0 };
  return { count: Number(row.count), retryAfter: Math.max(1, Math.ceil(p.windowSeconds - elapsed)) };
}

/**
 * Reserves this try for the pair if it may go ahead: one statement that counts it only when the
 * pair is within its free failures or has waited out its delay. Null when it may go; otherwise
 * the seconds left to wait.
 */
async function reservePair(db: Db, p: AttemptPolicy, key: string, underAttack: boolean): Promise<number | null> {
  const free = underAttack ? p.freeFailuresUnderAttack : p.freeFailures;
  const first = underAttack ? p.maxDelaySeconds : p.firstDelaySeconds;
  const delay = sql<number>`least(${p.maxDelaySeconds}::float8, ${first}::float8 * power(2::float8, greatest(throttle_buckets.count - ${free}, 0)))`;
  const stale = sql`throttle_buckets.window_start < now() - make_interval(secs => ${p.pairMemorySeconds})`;
  const taken = await sql<{ count: number }>`
    INSERT INTO throttle_buckets (key, window_start, count) VALUES (${key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN ${stale} THEN 1 ELSE throttle_buckets.count + 1 END,
      window_start = now()
    WHERE ${stale}
       OR throttle_buckets.count < ${free}
       OR throttle_buckets.window_start <= now() - make_interval(secs => ${delay})
    RETURNING count`.execute(db);
  if (taken.rows.length > 0) return null;
  const wait = await sql<{ wait: number }>`
    SELECT extract(epoch FROM (throttle_buckets.window_start + make_interval(secs => ${delay})) - now())::float8 AS wait
    FROM throttle_buckets WHERE key = ${key}`.execute(db);
  return Math.max(1, Math.ceil(Number(wait.rows[0]?.wait ?? 1)));
}

/**
 * Counts a try at `subject`'s secret from `ip` (or from a trusted `device`, see above) before it is
 * checked: 429 with Retry-After when the address, the pair or (with a hard limit) the subject may
 * not try now. The caller then reports the outcome on the returned handle.
 */
export async function beginAttempt(
  db: Db,
  p: AttemptPolicy,
  subject: string,
  ip: string,
  message?: string,
  device: string | null = null,
): Promise<Attempt> {
  const k = keys(p, subject, ip, device);
  if (!device) await enforce(db, [k.address], p.perAddress, message);
  const failures = await subjectFailures(db, p, k.subject);
  if (p.hardLimit !== null && failures.count >= p.hardLimit) throw tooManyRequests(failures.retryAfter, message);
  const wait = await reservePair(db, p, k.pair, !device && failures.count >= p.underAttackAfter);
  if (wait !== null) throw tooManyRequests(wait, message);
  return {
    async succeeded() {
      await db.deleteFrom('throttle_buckets').where('key', '=', k.pair).execute();
      if (!device) await giveBack(db, k.address);
    },
    async failed() {
      await hit(db, k.subject, { limit: Number.MAX_SAFE_INTEGER, windowSeconds: p.windowSeconds });
    },
  };
}

/** Forgets every failure against `subject` (a password reset proves the owner's mailbox). */
export async function forgetFailures(db: Db, p: AttemptPolicy, subject: string): Promise<void> {
  const k = keys(p, subject, '');
  await db
    .deleteFrom('throttle_buckets')
    .where((eb) =>
      eb.or([eb('key', '=', k.subject), eb(sql<boolean>`starts_with(key, ${pairPrefix(p, subject)})`, '=', true)]),
    )
    .execute();
}
