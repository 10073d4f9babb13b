import type pg from 'pg';
import { DEMO_ADVERTISERS } from '../../src/seed/demo-advertisers.ts';
import type { Receiver } from './postback-receiver.ts';
import type { ClusterLoad, LoadTarget } from './cluster-load.ts';

/**
 * What a cluster run is checked against: the rows the processes stored, the rollups the reports
 * read, and what the postback receiver got. The load's publisher is a demo one (referred1, which
 * carries seeded traffic of earlier days), its clicks tagged with their own s1.
 */

const PUBLISHER = { email: 'referred1@portal.test', password: 'demo-password', referralCode: 'referred1' };
const OFFER = 'Northwind Summer Sale';

async function call(
  origin: string,
  path: string,
  body: unknown,
  jwt?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const r = await fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}

export interface Setup {
  target: LoadTarget;
  jwt: string;
  postbackId: number;
}

/** Signs in as the load's publisher and gives it a global postback to the receiver (over the API). */
export async function setUpTarget(db: pg.Pool, origin: string, receiver: Receiver, tag: string): Promise<Setup> {
  const login = await call(origin, '/user/authenticate', { user_name: PUBLISHER.email, password: PUBLISHER.password });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${JSON.stringify(login.body)}`);
  const jwt = (login.body['data'] as { jwt: string }).jwt;
  const created = await call(
    origin,
    '/postback/create',
    {
      postback_name: `Cluster receiver ${tag}`,
      postback_status: 'active',
      postback_type: 'postback',
      postback_value: `${receiver.url}/pb?tid={tid}&payout={conversion_earnings}`,
      postback_offer_id: null,
      postback_event_id: null,
      postback_event_type: null,
    },
    jwt,
  );
  if (created.status !== 200)
    throw new Error(`postback not created: ${created.status} ${JSON.stringify(created.body)}`);
  const postbackId = (created.body['data'] as { postback_id: number }).postback_id;
  const ids = await db.query<{ offer_id: number; publisher_id: number }>(
    `SELECT (SELECT id FROM offers WHERE name = $1) AS offer_id, (SELECT id FROM publishers WHERE referral_code = $2) AS publisher_id`,
    [OFFER, PUBLISHER.referralCode],
  );
  const token = DEMO_ADVERTISERS.find((a) => a.key === 'northwind')!.token;
  return {
    target: { offerId: ids.rows[0]!.offer_id, publisherId: ids.rows[0]!.publisher_id, token, tag },
    jwt,
    postbackId,
  };
}

/** The publisher's report totals (clicks, conversions) of yesterday and today, over the API (it settles first). */
export async function reportTotals(origin: string, jwt: string): Promise<{ clicks: number; conversions: number }> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const r = await call(
    origin,
    '/report-total/daily',
    { filters: { date_range: { start: day(-1), end: day(0) } } },
    jwt,
  );
  if (r.status !== 200) throw new Error(`report totals: ${r.status} ${JSON.stringify(r.body)}`);
  const data = r.body['data'] as { clicks: number; conversions: number };
  return { clicks: data.clicks, conversions: data.conversions };
}

export interface Counts {
  clicks: {
    acknowledged: number;
    stored: number;
    missing: number;
    duplicated: number;
    unacknowledgedStored: number;
    unanswered: number;
  };
  conversions: {
    acknowledged: number;
    stored: number;
    missing: number;
    duplicated: number;
    givenUp: number;
    refused: number;
    retries: number;
  };
  /** Sums of the sub-ID rollup (day grain) for the load's s1, against the raw rows. */
  rollup: { clicks: number; conversions: number };
  postbacks: {
    deliveries: number;
    delivered: number;
    pending: number;
    /** Deliveries recorded as delivered by more than one attempt: made by two processes. */
    recordedTwice: number;
    /** Event ids the receiver got. */
    received: number;
    /** Event ids the receiver got more than once. */
    receivedTwice: number;
    /** Delivered, by the records, but never received. */
    notReceived: number;
    /** Pending with a lease taken before `heldBefore`: claimed by a process that died with it. */
    heldByDead: number;
  };
}

/** Counts what was acknowledged against what is stored, once the rows are settled (call `reportTotals` first). */
export async function count(
  db: pg.Pool,
  load: ClusterLoad,
  setup: Setup,
  receiver: Receiver,
  heldBefore?: Date,
): Promise<Counts> {
  const { tag, publisherId } = setup.target;
  const acked = [...load.clicks.keys()];
  const clicks = (
    await db.query<{ rows: number; ids: number; acked: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT id)::int AS ids, count(DISTINCT id) FILTER (WHERE id = ANY($2::uuid[]))::int AS acked
       FROM clicks WHERE s1 = $1 AND publisher_id = $3`,
      [tag, acked, publisherId],
    )
  ).rows[0]!;
  const ackedConversions = [...load.conversions.values()];
  const conversions = (
    await db.query<{ rows: number; clicks: number; acked: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT click_id)::int AS clicks, count(DISTINCT id) FILTER (WHERE id = ANY($2::uuid[]))::int AS acked
       FROM conversions WHERE s1 = $1 AND publisher_id = $3`,
      [tag, ackedConversions, publisherId],
    )
  ).rows[0]!;
  const rollup = (
    await db.query<{ clicks: number; conversions: number }>(
      `SELECT coalesce(sum(clicks), 0)::int AS clicks, coalesce(sum(conversions), 0)::int AS conversions
       FROM report_subid_rollups WHERE publisher_id = $1 AND sub_id = $2 AND grain = 3`,
      [publisherId, tag],
    )
  ).rows[0]!;
  const deliveries = await db.query<{
    id: number;
    event_key: string;
    status: string;
    held: boolean;
    successes: number;
  }>(
    `SELECT d.id, d.event_key, d.status,
       (d.status = 'pending' AND d.locked_until > now() AND d.updated_at < $2::timestamptz) AS held,
       (SELECT count(*) FROM postback_attempts a WHERE a.delivery_id = d.id AND a.status_code BETWEEN 200 AND 299)::int AS successes
     FROM postback_deliveries d WHERE d.postback_id = $1 AND NOT d.is_test`,
    [setup.postbackId, (heldBefore ?? new Date(0)).toISOString()],
  );
  const hits = new Map<string, number>();
  for (const r of receiver.requests) {
    const id = String(r.headers['x-postback-event-id'] ?? '');
    if (!id) continue;
    hits.set(id, (hits.get(id) ?? 0) + 1);
  }
  const rows = deliveries.rows;
  return {
    clicks: {
      acknowledged: load.clicks.size,
      stored: clicks.rows,
      missing: load.clicks.size - clicks.acked,
      duplicated: clicks.rows - clicks.ids,
      unacknowledgedStored: clicks.ids - clicks.acked,
      unanswered: load.clicksUnanswered,
    },
    conversions: {
      acknowledged: load.conversions.size,
      stored: conversions.rows,
      missing: new Set(ackedConversions).size - conversions.acked,
      duplicated: conversions.rows - conversions.clicks,
      givenUp: load.conversionsGivenUp,
      refused: load.conversionsRefused,
      retries: load.conversionRetries,
    },
    rollup,
    postbacks: {
      deliveries: rows.length,
      delivered: rows.filter((r) => r.status === 'delivered').length,
      pending: rows.filter((r) => r.status === 'pending').length,
      received: hits.size,
      recordedTwice: rows.filter((r) => r.successes > 1).length,
      receivedTwice: [...hits.values()].filter((n) => n > 1).length,
      notReceived: rows.filter((r) => r.status === 'delivered' && !hits.has(r.event_key)).length,
      heldByDead: rows.filter((r) => r.held).length,
    },
  };
}

/** Tids of `tids` not yet in `clicks` (still in a stored batch). */
export async function unsettled(db: pg.Pool, tids: string[]): Promise<string[]> {
  if (tids.length === 0) return [];
  const r = await db.query<{ id: string }>(
    `SELECT t.id FROM unnest($1::uuid[]) AS t(id) WHERE NOT EXISTS (SELECT 1 FROM clicks c WHERE c.id = t.id)`,
    [tids],
  );
  return r.rows.map((x) => x.id);
}

/** Deliveries of the postback claimed right now (a lease running), by any process. */
export async function leased(db: pg.Pool, postbackId: number): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `SELECT id FROM postback_deliveries WHERE postback_id = $1 AND status = 'pending' AND locked_until > now()`,
    [postbackId],
  );
  return r.rows.map((x) => x.id);
}

/** How many of `ids` are delivered. */
export async function deliveredOf(db: pg.Pool, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM postback_deliveries WHERE id = ANY($1::bigint[]) AND status = 'delivered'`,
    [ids],
  );
  return r.rows[0]!.n;
}

/** Polls `done` until it holds; answers the milliseconds it took, or null past `timeoutMs`. */
export async function waitFor(done: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    if (await done()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) return null;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
