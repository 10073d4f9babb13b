/**
 * Report benchmark: a large network on the PostgreSQL server, loaded in bulk with the
 * same rules as ingestion (raw rows, then the rollups rebuilt from them by the code the hooks
 * mirror), then p50/p95 of every summary report's first page and its total for the busiest
 * publisher over 1, 30 and 90 days, beside the same figures computed from the raw rows on the plain
 * (publisher_id, created_at) indexes.
 *
 *   BENCH_DATABASE_URL   server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_CLICKS         clicks to load (default 10,000,000); conversions are 5 % of them
 *   BENCH_KEEP=1         reuse the loaded database of an earlier run
 */
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { rebuildRollups } from '../apps/server/src/modules/events/events.service.ts';
import { reportsService, type ReportScope } from '../apps/server/src/modules/reports/reports.service.ts';
import { addDays, localDate, localRange } from '../apps/server/src/modules/reports/reports.time.ts';

const ADMIN = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLICKS = Number(process.env['BENCH_CLICKS'] ?? 10_000_000);
const PUBLISHERS = 1000;
const OFFERS = 200;
const DAYS = 90;
const DB_NAME = `portal_bench_reports_${CLICKS}`;

const urlFor = (db: string) => {
  const u = new URL(ADMIN);
  u.pathname = `/${db}`;
  return u.toString();
};
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

async function load(db: Db) {
  const t0 = performance.now();
  await sql`SELECT setseed(0.42)`.execute(db);
  await sql`INSERT INTO advertisers (name, api_token_hash) VALUES ('Bench advertiser', 'bench')`.execute(db);
  await sql`INSERT INTO publishers (name, status, referral_code, referrer_publisher_id)
    SELECT 'Publisher ' || g, 'active', 'bench' || g, CASE WHEN g % 10 = 0 THEN 1 END FROM generate_series(1, ${PUBLISHERS}) g`.execute(
    db,
  );
  await sql`INSERT INTO offers (advertiser_id, name, payout) SELECT 1, 'Offer ' || g, 2 FROM generate_series(1, ${OFFERS}) g`.execute(
    db,
  );
  await sql`INSERT INTO landing_pages (offer_id, name, url, is_default)
    SELECT o, 'LP ' || o || '-' || k, 'https://lp.test/?tid={tid}', k = 1 FROM generate_series(1, ${OFFERS}) o, generate_series(1, 2) k ORDER BY o, k`.execute(
    db,
  );
  await sql`INSERT INTO offer_events (offer_id, name, event_type, payout, is_base)
    SELECT o, e, e, 2, e = 'conversion' FROM generate_series(1, ${OFFERS}) o, unnest(ARRAY['conversion', 'partial', 'upsell']) e ORDER BY o`.execute(
    db,
  );
  // Clicks day by day. Publisher 1 is the busiest (~10 % of all clicks: random()^3 skew); each
  // publisher runs ~20 offers; s1 has ~300 values per publisher.
  const perDay = Math.ceil(CLICKS / DAYS);
  const today = new Date().toISOString().slice(0, 10);
  for (let d = DAYS; d >= 1; d--) {
    const day = addDays(today, -d + 1);
    await sql`
      INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, s1, s2, pub_source, ip)
      SELECT gen_random_uuid(), ${day}::timestamptz + random() * interval '1 day', p, o, 2 * o - (random() < 0.8)::int, random() < 0.7,
             's' || (random() * 300)::int, NULL, 'src' || (random() * 5)::int, '10.0.' || (random() * 255)::int || '.' || (random() * 255)::int
      FROM (SELECT 1 + floor(${PUBLISHERS} * random() ^ 3)::int AS p, random() AS r FROM generate_series(1, ${perDay})) x,
           LATERAL (SELECT 1 + ((p * 7 + floor(r * 20)::int) % ${OFFERS}) AS o) y`.execute(db);
    if (d % 10 === 0) process.stdout.write(`  clicks: ${DAYS - d + 1}/${DAYS} days (${secs(t0)})\n`);
  }
  await sql`
    INSERT INTO conversions (id, created_at, publisher_id, offer_id, advertiser_id, event_id, event_type, landing_page_id, click_id, click_created_at,
      status, payout, payout_type, s1, pub_source)
    SELECT gen_random_uuid(), least(c.created_at + random() * interval '2 hours', now()), c.publisher_id, c.offer_id, 1,
           (c.offer_id - 1) * 3 + t.k, (ARRAY['conversion', 'partial', 'upsell'])[t.k], c.landing_page_id, c.id, c.created_at, 'approved',
           round((0.5 + random() * 20)::numeric, 2), 'cpa', c.s1, c.pub_source
    FROM clicks c TABLESAMPLE BERNOULLI (5) REPEATABLE (42),
         LATERAL (SELECT CASE WHEN random() < 0.8 THEN 1 WHEN random() < 0.5 THEN 2 ELSE 3 END AS k) t`.execute(db);
  console.log(`  raw rows loaded (${secs(t0)})`);
  const t1 = performance.now();
  await rebuildRollups(
    db,
    new Date(Date.parse(`${addDays(today, -DAYS - 1)}T00:00:00Z`)),
    new Date(Date.parse(`${addDays(today, 2)}T00:00:00Z`)),
  );
  console.log(`  rollups built (${secs(t1)})`);
  await sql`VACUUM ANALYZE`.execute(db);
  console.log(`  loaded in ${secs(t0)}`);
}

function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

async function time(n: number, fn: () => Promise<unknown>) {
  await fn(); // warm
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return { p50: pct(out, 50), p95: pct(out, 95) };
}

/** The same report straight from raw rows (what the rollups replace). */
function rawQuery(db: Db, type: string, total: boolean, s: ReportScope) {
  const key: Record<string, string> = {
    campaign: 'offer_id',
    daily: `to_char(created_at AT TIME ZONE '${s.timezone}', 'YYYY-MM-DD')`,
    hourly: `date_trunc('hour', created_at AT TIME ZONE '${s.timezone}')`,
    'landing-page': 'ROW(landing_page_id, offer_id)',
    'sub-id': "coalesce(s1, '')",
  };
  const from = new Date(s.from);
  const to = new Date(s.to);
  const k = sql.raw(total ? "'all'" : key[type]!);
  return sql`
    SELECT ${k} AS k, sum(clicks) AS clicks, sum(conv) AS conversions, sum(part) AS partials, sum(ups) AS upsells, sum(earn) AS earnings
    FROM (
      SELECT created_at, offer_id, landing_page_id, s1, 1 AS clicks, 0 AS conv, 0 AS part, 0 AS ups, 0::numeric AS earn
      FROM clicks WHERE publisher_id = ${s.publisherId} AND created_at >= ${from} AND created_at < ${to}
      UNION ALL
      SELECT created_at, offer_id, landing_page_id, s1, 0, (event_type = 'conversion')::int, (event_type = 'partial')::int, (event_type = 'upsell')::int, payout
      FROM conversions WHERE publisher_id = ${s.publisherId} AND created_at >= ${from} AND created_at < ${to} AND status = 'approved'
    ) e GROUP BY 1 ORDER BY 1 LIMIT 21`.execute(db);
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME])).rowCount;
  const reuse = process.env['BENCH_KEEP'] === '1' && exists;
  if (!reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  }
  await admin.end();
  const handle = await openDatabase({ databaseUrl: urlFor(DB_NAME), dataDir: '/tmp', poolSize: 4 });
  const db = handle.db;
  await migrateToLatest(db);
  if (!reuse) {
    console.log(
      `Loading ${CLICKS.toLocaleString('en-US')} clicks, ~${(CLICKS * 0.05).toLocaleString('en-US')} conversions, ${DAYS} days, ${PUBLISHERS} publishers, ${OFFERS} offers…`,
    );
    await load(db);
  }
  const size = async (rel: string) =>
    (await sql<{ s: string }>`SELECT pg_size_pretty(pg_total_relation_size(${rel}::regclass)) AS s`.execute(db))
      .rows[0]!.s;
  const count = async (rel: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(rel)}`.execute(db)).rows[0]!.n);
  const partsSize = async (parent: string) =>
    (
      await sql<{
        s: string;
      }>`SELECT pg_size_pretty(sum(pg_total_relation_size(inhrelid))) AS s FROM pg_inherits WHERE inhparent = ${parent}::regclass`.execute(
        db,
      )
    ).rows[0]!.s;
  console.log(
    `\nData: clicks ${(await count('clicks')).toLocaleString('en-US')} (${await partsSize('clicks')}), conversions ${(await count('conversions')).toLocaleString('en-US')} (${await partsSize('conversions')})`,
  );
  for (const r of ['report_publisher_rollups', 'report_rollups', 'report_subid_rollups']) {
    const byGrain = (
      await sql<{
        grain: number;
        n: string;
      }>`SELECT grain, count(*) AS n FROM ${sql.table(r)} GROUP BY 1 ORDER BY 1`.execute(db)
    ).rows;
    console.log(
      `  ${r}: ${byGrain.map((g) => `grain ${g.grain}: ${Number(g.n).toLocaleString('en-US')} rows`).join(', ')} (${await size(r)})`,
    );
  }
  const busiest = (
    await sql<{
      publisher_id: number;
      n: string;
    }>`SELECT publisher_id, sum(clicks) AS n FROM report_publisher_rollups WHERE grain = 3 GROUP BY 1 ORDER BY 2 DESC LIMIT 1`.execute(
      db,
    )
  ).rows[0]!;
  console.log(`  busiest publisher: #${busiest.publisher_id} with ${Number(busiest.n).toLocaleString('en-US')} clicks`);

  const config = loadConfig({ DATABASE_URL: urlFor(DB_NAME), LOG_LEVEL: 'silent' });
  const ctx = { db, config } as unknown as AppContext;
  const iterations = Number(process.env['BENCH_ITERATIONS'] ?? 30);
  const rawIterations = Number(process.env['BENCH_RAW_ITERATIONS'] ?? 5);
  const lines: string[] = [];
  const head = '| zone | days | report | rollup p50 | rollup p95 | raw p50 | raw p95 | raw/rollup (p50) |';
  console.log(`\n${head}\n|---|---|---|---|---|---|---|---|`);
  lines.push(head, '|---|---|---|---|---|---|---|---|');
  const cases: [string, number][] = [
    ['America/Toronto', 1],
    ['America/Toronto', 30],
    ['America/Toronto', 90],
    ['Asia/Kolkata', 30],
  ];
  for (const [zone, days] of cases) {
    const end = localDate(zone, Date.now());
    const start = addDays(end, -(days - 1));
    const { from, to } = localRange(zone, start, end);
    const scope: ReportScope = {
      publisherId: busiest.publisher_id,
      timezone: zone,
      start,
      end,
      from,
      to,
      offerIds: null,
      landingPageIds: null,
      statuses: null,
    };
    for (const type of ['campaign', 'daily', 'hourly', 'landing-page', 'sub-id'] as const) {
      for (const total of [false, true]) {
        const sort = {
          campaign: 'campaign_id',
          daily: 'day',
          hourly: 'hour',
          'landing-page': 'landing_page_id',
          'sub-id': 'pub_sub_1',
        }[type];
        const r = await time(iterations, () =>
          total
            ? reportsService.total(ctx, scope)
            : reportsService.page(ctx, type, scope, { sort, order: 1, limit: 20, cursor: null }),
        );
        const raw = await time(rawIterations, () => rawQuery(db, type, total, scope));
        const line = `| ${zone} | ${days} | ${total ? `report-total/${type}` : `report/${type}`} | ${r.p50.toFixed(1)} ms | ${r.p95.toFixed(1)} ms | ${raw.p50.toFixed(0)} ms | ${raw.p95.toFixed(0)} ms | ${(raw.p50 / r.p50).toFixed(0)}× |`;
        console.log(line);
        lines.push(line);
      }
    }
  }
  await handle.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
