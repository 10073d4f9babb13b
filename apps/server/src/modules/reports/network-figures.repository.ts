import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The network's sums over every publisher, from the day rows of the publisher rollup. */
export interface NetworkSums {
  clicks: number;
  conversions: number;
  partials: number;
  upsells: number;
  /** The publishers' payouts (their earnings). */
  payout: number;
  revenue: number;
}

/**
 * Two sums of the publisher rollup's UTC-day rows (migration 0076: one row per publisher and day,
 * through their own index): of the days `[from, to)`, and of the last of them (`day`). Rows come
 * grouped by whether they are that day's.
 */
export function networkDaysStatement(from: Date, day: Date, to: Date) {
  return sql<NetworkSums & { is_day: boolean }>`
    SELECT r.bucket = ${day} AS is_day, sum(r.clicks)::int8 AS clicks, sum(r.conversions)::int8 AS conversions,
      sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS payout, sum(r.revenue) AS revenue
    FROM report_publisher_rollups r
    WHERE r.grain = 3 AND r.bucket >= ${from} AND r.bucket < ${to}
    GROUP BY 1`;
}

const ZERO: NetworkSums = { clicks: 0, conversions: 0, partials: 0, upsells: 0, payout: 0, revenue: 0 };

function add(a: NetworkSums, b: NetworkSums): NetworkSums {
  return {
    clicks: a.clicks + Number(b.clicks),
    conversions: a.conversions + Number(b.conversions),
    partials: a.partials + Number(b.partials),
    upsells: a.upsells + Number(b.upsells),
    // Money is kept to 4 decimals: sums of such values stay exact in a double once rounded back.
    payout: Math.round((a.payout + Number(b.payout)) * 10_000) / 10_000,
    revenue: Math.round((a.revenue + Number(b.revenue)) * 10_000) / 10_000,
  };
}

/** The network-wide figures of the console's Overview (`reportsService.networkToDate`). */
export const networkFiguresRepository = {
  /** The network's sums of `day` and of the UTC days `[from, to)` that end with it. */
  async days(db: Db, from: Date, day: Date, to: Date): Promise<{ day: NetworkSums; range: NetworkSums }> {
    const rows = (await networkDaysStatement(from, day, to).execute(db)).rows;
    const dayRow = rows.find((r) => r.is_day);
    return {
      day: dayRow ? add(ZERO, dayRow) : ZERO,
      range: rows.reduce(add, ZERO),
    };
  },
};
