import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { bucketsOf } from './reports.time.ts';

/**
 * Hooks the tracking engine calls inside the transaction that stores events, so the report rollups
 * stay current as events arrive (DESIGN.md §7): a click is in the reports as soon as its COMMIT is.
 * Each event adds to three rows per rollup (15-minute, hour and day buckets, see migration 0040).
 */
export interface IngestedClick {
  id: string;
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  is_unique: boolean;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  s5: string | null;
  pub_source: string | null;
}

export interface IngestedConversion {
  id: string;
  created_at: Date;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  event_id: number;
  event_type: 'conversion' | 'partial' | 'upsell';
  payout: number;
  s1: string | null;
  /** Only approved conversions count in reports; absent means approved. */
  status?: 'approved' | 'pending' | 'rejected';
}

interface Delta {
  publisher_id: number;
  grain: number;
  bucket: number;
  offer_id: number;
  landing_page_id: number;
  sub_id: string;
  clicks: number;
  clicks_unique: number;
  conversions: number;
  partials: number;
  upsells: number;
  earnings: number;
}

type EventDelta = Pick<Delta, 'clicks' | 'clicks_unique' | 'conversions' | 'partials' | 'upsells' | 'earnings'>;

function addEvent(map: Map<string, Delta>, withSubId: boolean, e: { created_at: Date; publisher_id: number; offer_id: number; landing_page_id: number | null; s1: string | null }, d: EventDelta) {
  const buckets = bucketsOf(e.created_at.getTime());
  const lp = e.landing_page_id ?? 0;
  const sub = withSubId ? (e.s1 ?? '') : '';
  for (let g = 0; g < 3; g++) {
    const key = `${e.publisher_id}|${g + 1}|${buckets[g]}|${e.offer_id}|${lp}|${sub}`;
    let row = map.get(key);
    if (!row) {
      row = { publisher_id: e.publisher_id, grain: g + 1, bucket: buckets[g]!, offer_id: e.offer_id, landing_page_id: lp, sub_id: sub, clicks: 0, clicks_unique: 0, conversions: 0, partials: 0, upsells: 0, earnings: 0 };
      map.set(key, row);
    }
    row.clicks += d.clicks;
    row.clicks_unique += d.clicks_unique;
    row.conversions += d.conversions;
    row.partials += d.partials;
    row.upsells += d.upsells;
    // Payouts carry at most 4 decimals; keep the sum exact by adding in ten-thousandths.
    row.earnings = Math.round(row.earnings * 10_000 + d.earnings * 10_000) / 10_000;
  }
}

/** Rows sorted by key so concurrent writers lock them in the same order (no deadlocks). */
function sorted(map: Map<string, Delta>): Delta[] {
  return [...map.values()].sort(
    (a, b) =>
      a.publisher_id - b.publisher_id ||
      a.grain - b.grain ||
      a.bucket - b.bucket ||
      a.offer_id - b.offer_id ||
      a.landing_page_id - b.landing_page_id ||
      (a.sub_id < b.sub_id ? -1 : a.sub_id > b.sub_id ? 1 : 0),
  );
}

async function upsert(db: Db, table: 'report_rollups' | 'report_subid_rollups', rows: Delta[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof Delta>(k: K) => rows.map((r) => r[k]);
  const buckets = rows.map((r) => new Date(r.bucket).toISOString());
  const earnings = rows.map((r) => r.earnings.toFixed(4));
  if (table === 'report_rollups') {
    await sql`
      INSERT INTO report_rollups AS r (publisher_id, grain, bucket, offer_id, landing_page_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
      SELECT * FROM unnest(${col('publisher_id')}::int[], ${col('grain')}::int2[], ${buckets}::timestamptz[], ${col('offer_id')}::int[],
        ${col('landing_page_id')}::int[], ${col('clicks')}::int8[], ${col('clicks_unique')}::int8[], ${col('conversions')}::int8[],
        ${col('partials')}::int8[], ${col('upsells')}::int8[], ${earnings}::numeric[])
      ON CONFLICT (publisher_id, grain, bucket, offer_id, landing_page_id) DO UPDATE SET
        clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique,
        conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials,
        upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings`.execute(db);
  } else {
    await sql`
      INSERT INTO report_subid_rollups AS r (publisher_id, grain, bucket, offer_id, landing_page_id, sub_id, clicks, clicks_unique, conversions, partials, upsells, earnings)
      SELECT * FROM unnest(${col('publisher_id')}::int[], ${col('grain')}::int2[], ${buckets}::timestamptz[], ${col('offer_id')}::int[],
        ${col('landing_page_id')}::int[], ${col('sub_id')}::text[], ${col('clicks')}::int8[], ${col('clicks_unique')}::int8[], ${col('conversions')}::int8[],
        ${col('partials')}::int8[], ${col('upsells')}::int8[], ${earnings}::numeric[])
      ON CONFLICT (publisher_id, grain, bucket, offer_id, landing_page_id, sub_id) DO UPDATE SET
        clicks = r.clicks + EXCLUDED.clicks, clicks_unique = r.clicks_unique + EXCLUDED.clicks_unique,
        conversions = r.conversions + EXCLUDED.conversions, partials = r.partials + EXCLUDED.partials,
        upsells = r.upsells + EXCLUDED.upsells, earnings = r.earnings + EXCLUDED.earnings`.execute(db);
  }
}

async function apply(db: Db, events: { e: Parameters<typeof addEvent>[2]; d: EventDelta }[]): Promise<void> {
  const main = new Map<string, Delta>();
  const subs = new Map<string, Delta>();
  for (const { e, d } of events) {
    addEvent(main, false, e, d);
    addEvent(subs, true, e, d);
  }
  await upsert(db, 'report_rollups', sorted(main));
  await upsert(db, 'report_subid_rollups', sorted(subs));
}

export const reportsIngest = {
  /** Counts a batch of stored clicks (one group commit) into the rollups. */
  async onClicks(db: Db, clicks: IngestedClick[]): Promise<void> {
    await apply(
      db,
      clicks.map((c) => ({ e: c, d: { clicks: 1, clicks_unique: c.is_unique ? 1 : 0, conversions: 0, partials: 0, upsells: 0, earnings: 0 } })),
    );
  },

  /** Counts one stored conversion (its payout is the publisher's earnings) into the rollups. */
  async onConversion(db: Db, conversion: IngestedConversion): Promise<void> {
    if (conversion.status && conversion.status !== 'approved') return;
    const t = conversion.event_type;
    await apply(db, [
      {
        e: conversion,
        d: {
          clicks: 0,
          clicks_unique: 0,
          conversions: t === 'conversion' ? 1 : 0,
          partials: t === 'partial' ? 1 : 0,
          upsells: t === 'upsell' ? 1 : 0,
          earnings: Number(conversion.payout),
        },
      },
    ]);
  },
};

/**
 * Rebuilds the rollups of `[from, to)` from the raw rows with the same rules as the hooks (bulk
 * loads, repairs). Whole UTC days only, so the three grains stay consistent.
 */
export async function rebuildRollups(db: Db, from: Date, to: Date, publisherId?: number): Promise<void> {
  const pub = publisherId == null ? sql`` : sql`AND publisher_id = ${publisherId}`;
  for (const table of ['report_rollups', 'report_subid_rollups'] as const) {
    await sql`DELETE FROM ${sql.table(table)} WHERE bucket >= ${from} AND bucket < ${to} ${pub}`.execute(db);
  }
  const grains = [
    { g: 1, expr: sql`date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00+00')` },
    { g: 2, expr: sql`date_bin('1 hour', created_at, timestamptz '2000-01-01 00:00:00+00')` },
    { g: 3, expr: sql`date_bin('1 day', created_at, timestamptz '2000-01-01 00:00:00+00')` },
  ];
  for (const { g, expr } of grains) {
    for (const withSub of [false, true]) {
      const table = withSub ? sql`report_subid_rollups` : sql`report_rollups`;
      const subCol = withSub ? sql`, sub_id` : sql``;
      const subExpr = withSub ? sql`, coalesce(s1, '') AS sub_id` : sql``;
      await sql`
        INSERT INTO ${table} (publisher_id, grain, bucket, offer_id, landing_page_id ${subCol}, clicks, clicks_unique, conversions, partials, upsells, earnings)
        SELECT publisher_id, ${g}::int2, b, offer_id, lp ${subCol}, sum(clicks), sum(clicks_unique), sum(conversions), sum(partials), sum(upsells), sum(earnings)
        FROM (
          SELECT publisher_id, ${expr} AS b, offer_id, coalesce(landing_page_id, 0) AS lp ${subExpr},
            1 AS clicks, CASE WHEN is_unique THEN 1 ELSE 0 END AS clicks_unique, 0 AS conversions, 0 AS partials, 0 AS upsells, 0::numeric AS earnings
          FROM clicks WHERE created_at >= ${from} AND created_at < ${to} ${pub}
          UNION ALL
          SELECT publisher_id, ${expr}, offer_id, coalesce(landing_page_id, 0) ${subExpr},
            0, 0, (event_type = 'conversion')::int, (event_type = 'partial')::int, (event_type = 'upsell')::int, payout
          FROM conversions WHERE created_at >= ${from} AND created_at < ${to} AND status = 'approved' ${pub}
        ) e
        GROUP BY publisher_id, b, offer_id, lp ${subCol}`.execute(db);
    }
  }
}
