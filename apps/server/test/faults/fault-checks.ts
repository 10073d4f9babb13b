import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { Receiver } from '../helpers/postback-receiver.ts';
import type { FaultLoad } from './fault-load.ts';

/**
 * The invariants a fault test checks, from the database once everything is settled: every
 * acknowledged click and conversion stored once, nothing stored twice, the rollups the reports read
 * agreeing with the raw rows, no stored batch or queued count left behind, every conversion's
 * postback delivered and recorded once.
 */

export interface Counts {
  clicks: { acknowledged: number; stored: number; lost: number; duplicated: number; storedUnacknowledged: number };
  conversions: {
    acknowledged: number;
    stored: number;
    lost: number;
    duplicated: number;
    givenUp: number;
    refused: number;
  };
  /** Sums of the day-grain rollups (publisher, offer and sub-ID), per metric. */
  rollups: { publisher: [number, number]; offer: [number, number]; subId: [number, number] };
  /** Work the settle still has: stored click batches, queued rollup counts, batches set aside. */
  leftover: { batches: number; queued: number; rejected: number };
  postbacks: {
    jobs: number;
    delivered: number;
    /** Still to be sent: after a kill, those the dead process had claimed wait for their lease to end. */
    pending: number;
    recordedTwice: number;
    received: number;
    receivedTwice: number;
  };
}

const num = (v: unknown) => Number(v ?? 0);

async function one<T>(db: Db, query: ReturnType<typeof sql<T>>): Promise<T> {
  return (await query.execute(db)).rows[0]!;
}

/** Stored click batches and queued rollup counts not yet settled (0 and 0 once the settle caught up). */
export async function leftover(db: Db): Promise<Counts['leftover']> {
  const r = await one(
    db,
    sql<{ batches: string; queued: string; rejected: string }>`SELECT
      (SELECT count(*) FROM click_batches) AS batches,
      (SELECT count(*) FROM report_rollup_queue) AS queued,
      (SELECT count(*) FROM click_batches_rejected) AS rejected`,
  );
  return { batches: num(r.batches), queued: num(r.queued), rejected: num(r.rejected) };
}

/** Tids of `tids` not yet written out to `clicks` (still in a stored batch). */
export async function unsettled(db: Db, tids: string[]): Promise<string[]> {
  if (tids.length === 0) return [];
  const r = await sql<{ id: string }>`SELECT t.id::text AS id FROM unnest(${tids}::uuid[]) AS t(id)
    WHERE NOT EXISTS (SELECT 1 FROM clicks c WHERE c.id = t.id)`.execute(db);
  return r.rows.map((x) => x.id);
}

export async function count(
  db: Db,
  publisherId: number,
  postbackId: number,
  load: FaultLoad,
  receiver: Receiver,
): Promise<Counts> {
  const clickIds = (
    await sql<{ id: string }>`SELECT id::text AS id FROM clicks WHERE publisher_id = ${publisherId}`.execute(db)
  ).rows.map((r) => r.id);
  const storedClicks = new Set(clickIds);
  const conv = (
    await sql<{
      id: string;
      click_id: string;
    }>`SELECT id::text AS id, click_id::text AS click_id FROM conversions WHERE publisher_id = ${publisherId}`.execute(
      db,
    )
  ).rows;
  const storedConversions = new Set(conv.map((c) => c.id));
  const roll = async (
    table: 'report_publisher_rollups' | 'report_rollups' | 'report_subid_rollups',
  ): Promise<[number, number]> => {
    const r = await one(
      db,
      sql<{
        clicks: string;
        conversions: string;
      }>`SELECT coalesce(sum(clicks), 0) AS clicks, coalesce(sum(conversions), 0) AS conversions
        FROM ${sql.table(table)} WHERE publisher_id = ${publisherId} AND grain = 3`,
    );
    return [num(r.clicks), num(r.conversions)];
  };
  const deliveries = (
    await sql<{ event_key: string; status: string; successes: string }>`SELECT d.event_key, d.status,
      (SELECT count(*) FROM postback_attempts a WHERE a.delivery_id = d.id AND a.status_code BETWEEN 200 AND 299) AS successes
      FROM postback_deliveries d WHERE d.postback_id = ${postbackId} AND NOT d.is_test`.execute(db)
  ).rows;
  const hits = new Map<string, number>();
  for (const r of receiver.requests) {
    const id = String(r.headers['x-postback-event-id'] ?? '');
    if (id) hits.set(id, (hits.get(id) ?? 0) + 1);
  }
  const ackedConversions = new Set(load.conversions.values());
  return {
    clicks: {
      acknowledged: load.clicks.size,
      stored: clickIds.length,
      lost: [...load.clicks.keys()].filter((t) => !storedClicks.has(t)).length,
      duplicated: clickIds.length - storedClicks.size,
      storedUnacknowledged: [...storedClicks].filter((t) => !load.clicks.has(t)).length,
    },
    conversions: {
      acknowledged: ackedConversions.size,
      stored: conv.length,
      lost: [...ackedConversions].filter((id) => !storedConversions.has(id)).length,
      duplicated: conv.length - new Set(conv.map((c) => c.click_id)).size,
      givenUp: load.conversionsGivenUp,
      refused: load.conversionsRefused,
    },
    rollups: {
      publisher: await roll('report_publisher_rollups'),
      offer: await roll('report_rollups'),
      subId: await roll('report_subid_rollups'),
    },
    leftover: await leftover(db),
    postbacks: {
      jobs: deliveries.length,
      delivered: deliveries.filter((d) => d.status === 'delivered').length,
      pending: deliveries.filter((d) => d.status === 'pending').length,
      recordedTwice: deliveries.filter((d) => num(d.successes) > 1).length,
      received: hits.size,
      receivedTwice: [...hits.values()].filter((n) => n > 1).length,
    },
  };
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** The invariants every fault test holds to. */
export function invariants(c: Counts, opts: { leasedByKilled: boolean }): Check[] {
  const { clicks, conversions, rollups, leftover: left, postbacks } = c;
  const raw: [number, number] = [clicks.stored, conversions.stored];
  const agree = (r: [number, number]) => r[0] === raw[0] && r[1] === raw[1];
  return [
    {
      name: 'every acknowledged click stored',
      ok: clicks.lost === 0,
      detail: `${clicks.lost} of ${clicks.acknowledged} lost`,
    },
    { name: 'no click stored twice', ok: clicks.duplicated === 0, detail: `${clicks.duplicated} duplicated` },
    {
      name: 'every acknowledged conversion stored',
      ok: conversions.lost === 0,
      detail: `${conversions.lost} of ${conversions.acknowledged} lost`,
    },
    {
      name: 'no conversion stored twice',
      ok: conversions.duplicated === 0,
      detail: `${conversions.duplicated} duplicated`,
    },
    {
      name: 'no conversion call given up or refused',
      ok: conversions.givenUp === 0 && conversions.refused === 0,
      detail: `${conversions.givenUp} given up, ${conversions.refused} refused`,
    },
    {
      name: 'rollups agree with the raw rows (each event counted once)',
      ok: agree(rollups.publisher) && agree(rollups.offer) && agree(rollups.subId),
      detail: `raw ${raw.join('/')}; publisher ${rollups.publisher.join('/')}, offer ${rollups.offer.join('/')}, sub ID ${rollups.subId.join('/')}`,
    },
    {
      name: 'nothing left unsettled',
      ok: left.batches === 0 && left.queued === 0 && left.rejected === 0,
      detail: `${left.batches} batches, ${left.queued} queued counts, ${left.rejected} set aside`,
    },
    opts.leasedByKilled
      ? {
          // A process killed during an attempt leaves its delivery claimed until the lease ends;
          // then it is sent again with the same event id (docs/reliability.md F5 tests that part).
          name: 'every stored conversion has one postback job, delivered or claimed by a killed process',
          ok:
            postbacks.jobs === conversions.stored &&
            postbacks.delivered + postbacks.pending === postbacks.jobs &&
            postbacks.recordedTwice === 0,
          detail: `${postbacks.jobs} jobs, ${postbacks.delivered} delivered, ${postbacks.pending} pending, ${postbacks.received} received (${postbacks.receivedTwice} more than once), ${postbacks.recordedTwice} recorded twice`,
        }
      : {
          name: "every stored conversion's postback delivered once",
          ok:
            postbacks.jobs === conversions.stored &&
            postbacks.delivered === postbacks.jobs &&
            postbacks.recordedTwice === 0 &&
            postbacks.received === postbacks.jobs,
          detail: `${postbacks.jobs} jobs, ${postbacks.delivered} delivered, ${postbacks.received} received (${postbacks.receivedTwice} more than once), ${postbacks.recordedTwice} recorded twice`,
        },
  ];
}
