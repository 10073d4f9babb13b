/**
 * Money benchmark (docs/money.md): on the PostgreSQL server, approving 10,000 pending conversions —
 * over the operator API in calls of up to 1,000 ids (`POST /conversions/status` caps a call there),
 * and as one call of the status change itself (`changeStatuses`, what a caller inside the server
 * could make) — and reconciling a 10,000-row CSV over the API: the preview, then the apply. The
 * conversions are of an invoiced month, so each approval also writes an invoice adjustment.
 *
 *   BENCH_DATABASE_URL   server (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ROWS           conversions per measurement (default 10,000)
 *   BENCH_KEEP=1         keep the database afterwards (its name is printed), for EXPLAIN
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { migrateToLatest, openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { rebuildRollups } from '../apps/server/src/modules/events/events.service.ts';
import { changeStatuses } from '../apps/server/src/modules/conversions/conversion-status.service.ts';
import { invoicesService, lastClosedMonth } from '../apps/server/src/modules/invoices/invoices.service.ts';

const ADMIN = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env['BENCH_ROWS'] ?? 10_000);
const PUBLISHERS = 20;
const DB_NAME = `portal_bench_money_${process.pid}`;
const BULK_MAX = 1000;

const urlFor = (db: string) => {
  const u = new URL(ADMIN);
  u.pathname = `/${db}`;
  return u.toString();
};

/** Pending conversions (and their clicks) of the last closed month, `ROWS` per group. */
async function load(db: Db, groups: string[]): Promise<void> {
  const month = lastClosedMonth();
  await sql`INSERT INTO advertisers (name, api_token_hash) VALUES ('Bench advertiser', 'bench')`.execute(db);
  await sql`INSERT INTO publishers (name, status, referral_code)
    SELECT 'Publisher ' || g, 'active', 'bench' || g FROM generate_series(1, ${PUBLISHERS}) g`.execute(db);
  await sql`INSERT INTO offers (advertiser_id, name, payout, conversion_approval) VALUES (1, 'Bench offer', 2, 'manual')`.execute(
    db,
  );
  await sql`INSERT INTO landing_pages (offer_id, name, url, is_default) VALUES (1, 'LP', 'https://lp.test/?tid={tid}', true)`.execute(
    db,
  );
  await sql`INSERT INTO offer_events (offer_id, name, event_type, payout, is_base) VALUES (1, 'conversion', 'conversion', 2, true)`.execute(
    db,
  );
  for (const [g, group] of groups.entries()) {
    await sql`
      WITH k AS (
        SELECT gen_random_uuid() AS click_id, ${`${month}-01`}::timestamptz + (random() * 27 + 1) * interval '1 day' AS at,
          1 + (n % ${PUBLISHERS}) AS publisher_id, n
        FROM generate_series(1, ${ROWS}) n
      ), c AS (
        INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, has_conversion, s1)
        SELECT click_id, at, publisher_id, 1, 1, true, true, ${group} FROM k RETURNING id
      )
      INSERT INTO conversions (id, created_at, publisher_id, offer_id, advertiser_id, event_id, event_type, landing_page_id, click_id,
        click_created_at, status, payout, payout_type, s1, adv_transaction_id)
      SELECT gen_random_uuid(), at + interval '1 minute', publisher_id, 1, 1, 1, 'conversion', 1, click_id, at, 'pending',
        round((1 + random() * 20)::numeric, 2), 'cpa', ${group}, ${`order-${g}-`} || n
      FROM k`.execute(db);
  }
  // Each publisher has the month's invoice (of one approved conversion), so every approval is a
  // late approval: an adjustment on it.
  await sql`
    INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, has_conversion)
    SELECT md5('seed' || p)::uuid, ${`${month}-02`}::timestamptz, p, 1, 1, true, true FROM generate_series(1, ${PUBLISHERS}) p`.execute(
    db,
  );
  await sql`
    INSERT INTO conversions (id, created_at, publisher_id, offer_id, advertiser_id, event_id, event_type, landing_page_id, click_id,
      click_created_at, status, payout, payout_type)
    SELECT gen_random_uuid(), ${`${month}-02T00:01:00Z`}::timestamptz, p, 1, 1, 1, 'conversion', 1, md5('seed' || p)::uuid,
      ${`${month}-02`}::timestamptz, 'approved', 5, 'cpa'
    FROM generate_series(1, ${PUBLISHERS}) p`.execute(db);
  const from = new Date(`${month}-01T00:00:00Z`);
  await rebuildRollups(db, from, new Date(from.getTime() + 32 * 86_400_000));
  await sql`VACUUM ANALYZE`.execute(db);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (n: number, ms: number) => `${Math.round(n / (ms / 1000)).toLocaleString('en-US')} rows/s`;

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-money-'));
  const handle = await openDatabase({ databaseUrl: urlFor(DB_NAME), dataDir, poolSize: 10 });
  const db = handle.db;
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrateToLatest(db);
    const t0 = performance.now();
    await load(db, ['bulk-api', 'bulk-service', 'reconcile']);
    console.log(
      `  loaded ${(3 * ROWS).toLocaleString('en-US')} pending conversions in ${seconds(performance.now() - t0)}`,
    );

    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      DISABLED_JOBS: 'monthly-invoices,conversion-holds',
      MINIMUM_PAYOUT_USD: '0',
      DATABASE_URL: urlFor(DB_NAME),
    });
    app = await buildApp({ config, database: handle, skipMigrations: true, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const ctx = app.ctx;
    await invoicesService.generateMonth(ctx, lastClosedMonth());

    const email = `bench-${crypto.randomBytes(3).toString('hex')}@ops.test`;
    await db
      .insertInto('operators')
      .values({
        email,
        name: 'Bench',
        role: 'owner',
        password_hash: await hashPassword('bench-password'),
        status: 'active',
      })
      .execute();
    const call = async (p: string, body: unknown, jwt?: string) => {
      const r = await fetch(`${origin}/api/admin/v1${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
        body: JSON.stringify(body),
      });
      const j = (await r.json()) as { data: any };
      if (r.status !== 200) throw new Error(`${p}: ${r.status} ${JSON.stringify(j).slice(0, 500)}`);
      return j.data;
    };
    const jwt = (await call('/auth/login', { email, password: 'bench-password' })).jwt as string;
    const ids = async (group: string) =>
      (
        await sql<{ id: string }>`SELECT id FROM conversions WHERE s1 = ${group} ORDER BY created_at`.execute(db)
      ).rows.map((r) => r.id);

    const figures: { what: string; ms: number; rows: number }[] = [];
    const measure = async (what: string, rows: number, fn: () => Promise<void>) => {
      const t = performance.now();
      await fn();
      const ms = performance.now() - t;
      figures.push({ what, ms, rows });
      console.log(`  ${what}: ${seconds(ms)}, ${rate(rows, ms)}`);
    };

    // 1. The operator API: 10 calls of 1,000 ids (the cap of one call), one after another.
    const apiIds = await ids('bulk-api');
    await measure(`approve over the API, ${apiIds.length / BULK_MAX} calls of ${BULK_MAX}`, apiIds.length, async () => {
      for (let i = 0; i < apiIds.length; i += BULK_MAX) {
        const r = await call('/conversions/status', { ids: apiIds.slice(i, i + BULK_MAX), status: 'approved' }, jwt);
        if (r.counts.changed !== Math.min(BULK_MAX, apiIds.length - i)) throw new Error(JSON.stringify(r.counts));
      }
    });

    // 2. The status change itself: one call of 10,000 ids, one transaction.
    const serviceIds = await ids('bulk-service');
    await measure(`approve in one call of changeStatuses (${serviceIds.length} ids)`, serviceIds.length, async () => {
      const results = await db
        .transaction()
        .execute((trx) =>
          changeStatuses(
            ctx,
            trx,
            { kind: 'operator', label: 'bench', operatorId: null },
            serviceIds,
            'approved',
            null,
          ),
        );
      if (results.some((r) => r.outcome !== 'changed')) throw new Error('not every conversion changed');
    });

    // 3. A reconciliation file of 10,000 rows (by order id; every other one rejected), preview then apply.
    const orders = (
      await sql<{
        adv_transaction_id: string;
      }>`SELECT adv_transaction_id FROM conversions WHERE s1 = 'reconcile'`.execute(db)
    ).rows.map((r) => r.adv_transaction_id);
    const csv = [
      'order_id,status,reason',
      ...orders.map((o, i) => (i % 2 ? `${o},rejected,Cancelled order` : `${o},approved,`)),
    ].join('\n');
    for (const apply of [false, true])
      await measure(`reconcile ${orders.length} rows, ${apply ? 'apply' : 'preview'}`, orders.length, async () => {
        const r = await call('/conversions/reconcile', { csv, apply, file_name: 'bench.csv' }, jwt);
        const done = apply ? r.summary.changed : r.summary.would_change;
        if (done !== orders.length) throw new Error(JSON.stringify(r.summary));
      });

    const adjustments = await sql<{ n: number }>`SELECT count(*)::int AS n FROM invoice_adjustments`.execute(db);
    console.log(`  invoice adjustments written: ${adjustments.rows[0]!.n.toLocaleString('en-US')}`);
    console.log('\n| what | rows | seconds | rows/s |\n| --- | --- | --- | --- |');
    for (const f of figures)
      console.log(
        `| ${f.what} | ${f.rows.toLocaleString('en-US')} | ${(f.ms / 1000).toFixed(2)} | ${Math.round(f.rows / (f.ms / 1000)).toLocaleString('en-US')} |`,
      );
  } finally {
    await app?.close();
    await handle.close();
    if (process.env['BENCH_KEEP'] === '1') console.log(`  kept the database ${DB_NAME}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
