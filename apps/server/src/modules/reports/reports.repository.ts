import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { eventsService } from '../events/events.service.ts';
import { cover, type Segment } from './reports.time.ts';

/** All SQL of the reports. Identifiers come from fixed tables below, never from the request. */

export type Cast = 'int' | 'text' | 'numeric' | 'timestamptz' | 'uuid';

export interface SortColumn {
  /** SQL expression (from the fixed tables in this file). */
  expr: string;
  cast: Cast;
}

export interface PageQuery {
  sort: SortColumn;
  /** Unique tie-breakers after the sort column. */
  ties: SortColumn[];
  order: 1 | -1;
  after: (string | number | null)[] | null;
  limit: number;
}

export interface RangeFilter {
  publisherId: number;
  /** The range as UTC instants [from, to), and as rollup buckets. */
  from: number;
  to: number;
  segments: Segment[];
  offerIds: number[] | null;
  landingPageIds: number[] | null;
  /** The conversion report's statuses (null: every status). */
  statuses?: readonly string[] | null;
}

export const METRIC_COLUMNS: Record<string, SortColumn> = {
  clicks: { expr: 'clicks', cast: 'numeric' },
  conversions: { expr: 'conversions', cast: 'numeric' },
  partials: { expr: 'partials', cast: 'numeric' },
  upsells: { expr: 'upsells', cast: 'numeric' },
  cvr: { expr: 'cvr', cast: 'numeric' },
  earnings: { expr: 'earnings', cast: 'numeric' },
  epc: { expr: 'epc', cast: 'numeric' },
};

const castSql = (c: Cast) => sql.raw(c === 'int' ? 'int8' : c);

function keyset(q: PageQuery): RawBuilder<unknown> {
  const cols = [q.sort, ...q.ties];
  if (!q.after) return sql`TRUE`;
  const left = sql.join(cols.map((c) => sql.raw(c.expr)));
  const right = sql.join(
    cols.map((c, i) => sql`${q.after![i] == null ? null : String(q.after![i])}::${castSql(c.cast)}`),
  );
  // The plain bound on the sort column lets an index on it start at the cursor (the row
  // comparison alone is only a filter when the tie-breakers are not in that index).
  const first = sql`${sql.raw(q.sort.expr)} ${sql.raw(q.order === 1 ? '>=' : '<=')} ${q.after[0] == null ? null : String(q.after[0])}::${castSql(q.sort.cast)}`;
  return q.order === 1 ? sql`${first} AND (${left}) > (${right})` : sql`${first} AND (${left}) < (${right})`;
}

function orderBy(q: PageQuery): RawBuilder<unknown> {
  const dir = q.order === 1 ? 'ASC' : 'DESC';
  return sql.raw([q.sort, ...q.ties].map((c) => `${c.expr} ${dir}`).join(', '));
}

function segmentsCte(segments: Segment[]): RawBuilder<unknown> {
  const g = segments.map((s) => s.grain);
  const f = segments.map((s) => new Date(s.from).toISOString());
  const t = segments.map((s) => new Date(s.to).toISOString());
  const label = segments.map((s) => s.label ?? '');
  const origin = segments.map((s) => new Date(s.origin ?? 0).toISOString());
  return sql`seg AS (SELECT * FROM unnest(${g}::int2[], ${f}::timestamptz[], ${t}::timestamptz[], ${label}::text[], ${origin}::timestamptz[]) AS s(grain, f, t, label, origin))`;
}

type RollupTable = 'report_publisher_rollups' | 'report_rollups' | 'report_subid_rollups';

const isFiltered = (f: RangeFilter) => Boolean(f.offerIds?.length || f.landingPageIds?.length);

/**
 * Which rollup answers a report (migration 0043): the per-publisher one for time series and totals,
 * the per-offer one for offers, landing pages and anything filtered by them. (The sub-ID report
 * has its own: `subIds`.)
 */
function rollupFor(kind: Exclude<SummaryKind, 'sub-id'> | 'total', f: RangeFilter): RollupTable {
  if (kind === 'campaign' || kind === 'landing-page') return 'report_rollups';
  return isFiltered(f) ? 'report_rollups' : 'report_publisher_rollups';
}

function rollupScan(table: RollupTable, f: RangeFilter, publisherIds?: number[]): RawBuilder<unknown> {
  const pub = publisherIds ? sql`r.publisher_id = ANY(${publisherIds}::int[])` : sql`r.publisher_id = ${f.publisherId}`;
  const offers = f.offerIds?.length ? sql`AND r.offer_id = ANY(${f.offerIds}::int[])` : sql``;
  const lps = f.landingPageIds?.length ? sql`AND r.landing_page_id = ANY(${f.landingPageIds}::int[])` : sql``;
  // One index range scan per segment (LATERAL), index-only thanks to the INCLUDEd metrics.
  return sql`seg CROSS JOIN LATERAL (
    SELECT r.* FROM ${sql.table(table)} r
    WHERE ${pub} AND r.grain = seg.grain AND r.bucket >= seg.f AND r.bucket < seg.t ${offers} ${lps}
    OFFSET 0 -- keeps the planner from flattening this into one scan of all the publisher's rows
  ) r`;
}

const SUMS = sql.raw(
  'sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.conversions)::int8 AS conversions, ' +
    'sum(r.partials)::int8 AS partials, sum(r.upsells)::int8 AS upsells, sum(r.earnings) AS earnings',
);
const DERIVED = sql.raw(
  'CASE WHEN a.clicks > 0 THEN round(a.conversions * 100.0 / a.clicks, 2) ELSE 0 END AS cvr, ' +
    'CASE WHEN a.clicks > 0 THEN round(a.earnings / a.clicks, 4) ELSE 0 END AS epc',
);

export interface MetricsRow {
  clicks: number;
  clicks_unique: number;
  conversions: number;
  partials: number;
  upsells: number;
  earnings: number;
  cvr: number;
  epc: number;
}

export type SummaryKind = 'campaign' | 'daily' | 'hourly' | 'landing-page' | 'sub-id';

/** Group keys and the columns each summary report adds to the metrics. */
const SUMMARY_SQL: Record<SummaryKind, { group: string; groupCount: number; select: string; joins: string }> = {
  campaign: {
    group: 'r.offer_id',
    groupCount: 1,
    select: "a.offer_id, coalesce(o.name, '') AS campaign_name",
    joins: 'LEFT JOIN offers o ON o.id = a.offer_id',
  },
  'landing-page': {
    group: 'r.landing_page_id, r.offer_id',
    groupCount: 2,
    select:
      "a.landing_page_id, coalesce(lp.name, '') AS landing_page_name, a.offer_id, coalesce(o.name, '') AS offer_name",
    joins: 'LEFT JOIN offers o ON o.id = a.offer_id LEFT JOIN landing_pages lp ON lp.id = a.landing_page_id',
  },
  'sub-id': { group: 'r.sub_id', groupCount: 1, select: 'a.sub_id', joins: '' },
  daily: { group: '', groupCount: 1, select: 'a.day', joins: '' },
  hourly: { group: '', groupCount: 1, select: 'a.hour_start', joins: '' },
};

function groupExpr(kind: SummaryKind): RawBuilder<unknown> {
  // Each segment lies in one local day, and knows where its local hours start (reports.time.ts).
  if (kind === 'daily') return sql`seg.label AS day`;
  // The instant the local hour starts: unique even for the repeated hour of a DST day.
  if (kind === 'hourly') return sql`date_bin('1 hour', r.bucket, seg.origin) AS hour_start`;
  return sql.raw(SUMMARY_SQL[kind].group);
}

/** Raw events grouped as the sub-ID rollup groups them. */
const rawSubIdRows = (where: RawBuilder<unknown>) =>
  sql`SELECT coalesce(e.s1, '') AS sub_id, e.clicks, e.clicks_unique, e.conversions, e.partials, e.upsells, e.earnings
    FROM (${eventsService.rawEvents(where)}) e`;

/**
 * The sub-ID report. Unfiltered: its rollup (hour and day buckets) plus the raw rows of the
 * quarter-hour segments at the edges of a range in a :30 or :45 zone (at most 45 minutes on each
 * side). Filtered by offer or landing page, which that rollup does not key: the raw rows.
 */
function subIds(f: RangeFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (isFiltered(f)) {
    const offers = f.offerIds?.length ? sql`AND offer_id = ANY(${f.offerIds}::int[])` : sql``;
    const lps = f.landingPageIds?.length
      ? sql`AND coalesce(landing_page_id, 0) = ANY(${f.landingPageIds}::int[])`
      : sql``;
    parts.push(
      rawSubIdRows(
        sql`publisher_id = ${f.publisherId} AND created_at >= ${new Date(f.from)} AND created_at < ${new Date(f.to)} ${offers} ${lps}`,
      ),
    );
  } else {
    if (f.segments.some((s) => s.grain !== 1)) {
      parts.push(sql`SELECT r.sub_id, r.clicks, r.clicks_unique, r.conversions, r.partials, r.upsells, r.earnings
        FROM ${rollupScan('report_subid_rollups', f)} WHERE seg.grain <> 1`);
    }
    for (const q of f.segments.filter((s) => s.grain === 1)) {
      parts.push(
        rawSubIdRows(
          sql`publisher_id = ${f.publisherId} AND created_at >= ${new Date(q.from)} AND created_at < ${new Date(q.to)}`,
        ),
      );
    }
  }
  return sql`SELECT r.sub_id, ${SUMS} FROM (${sql.join(parts, sql` UNION ALL `)}) r GROUP BY 1`;
}

/**
 * Clicks, unique clicks and earnings per offer over `[from, to)` from the per-offer rollup, as a
 * subquery with columns (offer_id, clicks, clicks_unique, earnings): My Offers joins it.
 */
export function offerMetrics(publisherId: number, from: number, to: number): RawBuilder<unknown> {
  const f: RangeFilter = { publisherId, from, to, segments: cover(from, to), offerIds: null, landingPageIds: null };
  return sql`(WITH ${segmentsCte(f.segments)}
    SELECT r.offer_id, sum(r.clicks)::int8 AS clicks, sum(r.clicks_unique)::int8 AS clicks_unique, sum(r.earnings) AS earnings
    FROM ${rollupScan('report_rollups', f)} GROUP BY 1)`;
}

/** A summary report's page: its rows from the rollups (or the sub-ID rows), sorted, after the cursor. */
export function summaryPageStatement(kind: SummaryKind, f: RangeFilter, q: PageQuery) {
  const spec = SUMMARY_SQL[kind];
  const groupBy = sql.raw(Array.from({ length: spec.groupCount }, (_, i) => String(i + 1)).join(', '));
  return sql<Record<string, unknown>>`
      WITH ${segmentsCte(f.segments)},
      agg AS (${kind === 'sub-id' ? subIds(f) : sql`SELECT ${groupExpr(kind)}, ${SUMS} FROM ${rollupScan(rollupFor(kind, f), f)} GROUP BY ${groupBy}`}),
      rows AS (SELECT ${sql.raw(spec.select)}, a.clicks, a.conversions, a.partials, a.upsells, a.earnings, ${DERIVED}
               FROM agg a ${sql.raw(spec.joins)})
      SELECT * FROM rows WHERE ${keyset(q)} ORDER BY ${orderBy(q)} LIMIT ${q.limit + 1}`;
}

/** A summary report's totals: every event of the range counts once in each rollup, so they do not depend on the report. */
export function summaryTotalStatement(f: RangeFilter) {
  return sql<MetricsRow>`
      WITH ${segmentsCte(f.segments)},
      s AS (SELECT ${SUMS} FROM ${rollupScan(rollupFor('total', f), f)}),
      a AS (SELECT coalesce(clicks, 0) AS clicks, coalesce(clicks_unique, 0) AS clicks_unique, coalesce(conversions, 0) AS conversions,
                   coalesce(partials, 0) AS partials, coalesce(upsells, 0) AS upsells, coalesce(earnings, 0) AS earnings FROM s)
      SELECT a.*, ${DERIVED} FROM a`;
}

/** A publisher's raw conversions of the range, offers and landing pages (`c` is `conversions`). */
function rawConversionScope(f: RangeFilter): RawBuilder<unknown> {
  const offers = f.offerIds?.length ? sql`AND c.offer_id = ANY(${f.offerIds}::int[])` : sql``;
  const lps = f.landingPageIds?.length
    ? sql`AND coalesce(c.landing_page_id, 0) = ANY(${f.landingPageIds}::int[])`
    : sql``;
  return sql`c.publisher_id = ${f.publisherId} AND c.created_at >= ${new Date(f.from)} AND c.created_at < ${new Date(f.to)} ${offers} ${lps}`;
}

export const reportsRepository = {
  async summaryPage(db: Db, kind: SummaryKind, f: RangeFilter, q: PageQuery): Promise<Record<string, unknown>[]> {
    if (f.segments.length === 0) return [];
    return (await summaryPageStatement(kind, f, q).execute(db)).rows;
  },

  async summaryTotal(db: Db, f: RangeFilter): Promise<MetricsRow> {
    if (f.segments.length === 0)
      return { clicks: 0, clicks_unique: 0, conversions: 0, partials: 0, upsells: 0, earnings: 0, cvr: 0, epc: 0 };
    return (await summaryTotalStatement(f).execute(db)).rows[0]!;
  },

  /** Earnings and conversions per referred publisher and offer (docs/api.md referral row). */
  async referralPage(
    db: Db,
    referrerId: number,
    f: RangeFilter,
    percent: number,
    q: PageQuery,
  ): Promise<Record<string, unknown>[]> {
    if (f.segments.length === 0) return [];
    const referred = await db
      .selectFrom('publishers')
      .select(['id'])
      .where('referrer_publisher_id', '=', referrerId)
      .execute();
    if (referred.length === 0) return [];
    const ids = referred.map((r) => r.id);
    const { rows } = await sql<Record<string, unknown>>`
      WITH ${segmentsCte(f.segments)},
      agg AS (SELECT r.publisher_id, r.offer_id, ${SUMS} FROM ${rollupScan('report_rollups', f, ids)} GROUP BY 1, 2),
      rows AS (SELECT a.publisher_id AS referred_publisher_id, p.name AS referred_publisher_name, a.offer_id, coalesce(o.name, '') AS offer_name,
                      a.conversions, a.earnings AS payout_amount_total, round(a.earnings * ${String(percent)}::numeric / 100, 4) AS commission_amount
               FROM agg a JOIN publishers p ON p.id = a.publisher_id LEFT JOIN offers o ON o.id = a.offer_id
               WHERE a.conversions + a.partials + a.upsells > 0 OR a.earnings <> 0)
      SELECT * FROM rows WHERE ${keyset(q)} ORDER BY ${orderBy(q)} LIMIT ${q.limit + 1}`.execute(db);
    return rows;
  },

  /**
   * Raw conversions by keyset (docs/api.md conversion row), of every status unless the filter names
   * some: a rejected or reversed one stays, with its reason (a reversal's from before statuses had
   * reasons is its reversal row's). The fraud flags are never read here.
   */
  async conversionPage(db: Db, f: RangeFilter, q: PageQuery): Promise<Record<string, unknown>[]> {
    const statuses = f.statuses?.length ? sql`AND c.status = ANY(${[...f.statuses]}::text[])` : sql``;
    const { rows } = await sql<Record<string, unknown>>`
      SELECT c.id AS conversion_id, c.created_at, c.click_created_at, c.offer_id, coalesce(o.name, '') AS offer_name, c.event_id, c.event_type,
             c.s1, c.s2, c.s3, c.s4, c.s5, c.pub_source, c.payout AS earnings, c.status,
             CASE WHEN c.status IN ('rejected', 'reversed')
               THEN coalesce(c.status_reason, (SELECT r.reason FROM conversion_reversals r WHERE r.conversion_id = c.id)) END AS status_reason
      FROM conversions c LEFT JOIN offers o ON o.id = c.offer_id
      WHERE ${rawConversionScope(f)} ${statuses} AND ${keyset(q)}
      ORDER BY ${orderBy(q)} LIMIT ${q.limit + 1}`.execute(db);
    return rows;
  },

  /**
   * The pending conversions (every event type) over the range and filters, and what they would
   * earn if approved, from the raw rows (the rollups count approved ones only).
   */
  async pendingTotal(db: Db, f: RangeFilter): Promise<{ pending_conversions: number; pending_earnings: number }> {
    const { rows } = await sql<{ n: string | number; earnings: string | number | null }>`
      SELECT count(*) AS n, coalesce(sum(c.payout), 0) AS earnings FROM conversions c
      WHERE ${rawConversionScope(f)} AND c.status = 'pending'`.execute(db);
    const r = rows[0];
    return { pending_conversions: Number(r?.n ?? 0), pending_earnings: Number(r?.earnings ?? 0) };
  },

  /** Raw clicks by keyset (docs/api.md click row). */
  async clickPage(db: Db, f: RangeFilter, q: PageQuery): Promise<Record<string, unknown>[]> {
    const offers = f.offerIds?.length ? sql`AND c.offer_id = ANY(${f.offerIds}::int[])` : sql``;
    const lps = f.landingPageIds?.length
      ? sql`AND coalesce(c.landing_page_id, 0) = ANY(${f.landingPageIds}::int[])`
      : sql``;
    const { rows } = await sql<Record<string, unknown>>`
      SELECT c.id AS click_id, c.created_at, c.offer_id, coalesce(o.name, '') AS offer_name, c.s1, c.s2, c.s3, c.s4, c.s5,
             c.pub_click_id, c.pub_source, c.ip, c.has_conversion
      FROM clicks c LEFT JOIN offers o ON o.id = c.offer_id
      WHERE c.publisher_id = ${f.publisherId} AND c.created_at >= ${new Date(f.from)} AND c.created_at < ${new Date(f.to)}
        ${offers} ${lps} AND ${keyset(q)}
      ORDER BY ${orderBy(q)} LIMIT ${q.limit + 1}`.execute(db);
    return rows;
  },
};
