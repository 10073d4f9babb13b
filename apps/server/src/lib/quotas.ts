import type { Db } from '../db/database.ts';
import { enforce, type ThrottleRule } from './throttle.ts';

/**
 * Per-publisher quotas on the calls that cost the portal (or a third party) real work: export
 * files, outbound test calls, replays that queue deliveries again, postback changes. Sign-in and
 * sign-up throttles (anonymous, per account and client address) are in `THROTTLE` beside this.
 *
 * Where the counts live: the fixed-window counters of `throttle.ts`, one row per key in
 * `throttle_buckets`, bumped by one atomic upsert. The product runs several server processes on
 * one database, so an in-memory store (`@fastify/rate-limit`'s default) would give each process
 * its own budget and forget it on restart; the database counter is shared by every process, costs
 * one statement, and needs no Redis the product does not have. Exports in flight are not a window
 * but a count of the publisher's queued and running jobs, taken under a lock (exports.quota.ts).
 *
 * Each refusal is a 429 in the API's error shape (`0x4290`) with `Retry-After` in seconds.
 *
 * The limits are set well above what a busy publisher does by hand — say, one debugging a
 * postback: edit, save, send a test, read the log, replay, a few times a minute for half an hour —
 * and low enough that a script cannot turn the portal into a load generator:
 *
 * | quota | limit | a busy publisher |
 * |---|---|---|
 * | exports in flight (queued + running) | 3 at once | one at a time, from the report they look at |
 * | export jobs started | 30 per hour | a handful per hour |
 * | postback creates + updates | 120 per hour | a few dozen saves while setting up |
 * | active postbacks (each fires per conversion) | 100 at once | one per offer and event they track |
 * | postbacks in all, inactive ones too | 500 | |
 * | send test, per postback | 10 per minute | one every 10–20 s while fixing a receiver |
 * | send test, over all postbacks | 100 per hour | |
 * | replay of one delivery | 120 per hour | a few rows of the delivery log |
 * | replay of every failed delivery since a time | 20 per hour | once or twice after an outage |
 */
export const QUOTAS = {
  exportsInFlight: 3,
  exportsPerHour: { limit: 30, windowSeconds: 60 * 60 },
  postbackSavesPerHour: { limit: 120, windowSeconds: 60 * 60 },
  activePostbacks: 100,
  postbacks: 500,
  sendTestPerPostbackPerMinute: { limit: 10, windowSeconds: 60 },
  sendTestPerHour: { limit: 100, windowSeconds: 60 * 60 },
  replayPerHour: { limit: 120, windowSeconds: 60 * 60 },
  replayFailedPerHour: { limit: 20, windowSeconds: 60 * 60 },
} as const satisfies Record<string, ThrottleRule | number>;

/** How long to wait before trying an export again when three are already in flight. */
export const EXPORTS_IN_FLIGHT_RETRY_SECONDS = 30;

/** A count, not a window: waiting alone does not help, but the answer keeps the 429 shape. */
export const POSTBACK_COUNT_RETRY_SECONDS = 60;

export const QUOTA_MESSAGES = {
  exportsInFlight: 'Too many exports in progress. Please wait for one to finish.',
  exports: 'Too many exports. Please try again later.',
  postbackSaves: 'Too many postback changes. Please try again later.',
  activePostbacks: `You can have at most ${QUOTAS.activePostbacks} active pixels and postbacks. Set one inactive first.`,
  postbacks: `You can have at most ${QUOTAS.postbacks} pixels and postbacks.`,
  sendTest: 'Too many test sends. Please try again later.',
  replay: 'Too many replays. Please try again later.',
} as const;

type WindowQuota = {
  [K in keyof typeof QUOTAS]: (typeof QUOTAS)[K] extends ThrottleRule ? K : never;
}[keyof typeof QUOTAS];

/**
 * Counts one call against a publisher's quota (key `quota:{name}:pub:{id}`, plus `:{sub}` for a
 * narrower budget such as one postback); a 429 with `Retry-After` once it is spent.
 */
export async function chargeQuota(
  db: Db,
  name: WindowQuota,
  publisherId: number,
  message: string,
  sub?: string | number,
): Promise<void> {
  const key = `quota:${name}:pub:${publisherId}${sub === undefined ? '' : `:${sub}`}`;
  await enforce(db, [key], QUOTAS[name], message);
}
