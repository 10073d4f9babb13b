import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createOffer } from '../reports/report-fixtures.ts';
import { testDbKind } from '../helpers/test-db.ts';

/**
 * docs/reliability.md L7: an export of 1,000,000 rows keeps memory flat (streamed in keyset batches) and
 * holds only the caller's rows. The rows are generated straight into the raw table for this test
 * (EXPORT_L7_ROWS overrides the size). On PostgreSQL only: PGlite keeps the database in the test's
 * own process, so the process's memory would measure the database, not the export (the export's
 * streaming on PGlite is covered by the other export tests).
 */
const N = Number(process.env['EXPORT_L7_ROWS'] ?? 1_000_000);
const onPostgres = testDbKind() === 'postgres';
let t: TestApp;
let a: { publisherId: number; token: string };
let b: { publisherId: number; token: string };

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp();
  const pa = await createPublisher(t, { timezone: 'Asia/Kolkata' });
  const pb = await createPublisher(t, { timezone: 'Asia/Kolkata' });
  a = { publisherId: pa.publisherId, token: await login(t, pa) };
  b = { publisherId: pb.publisherId, token: await login(t, pb) };
  const offer = await createOffer(t, 'Bulk Offer');
  const gen = (publisherId: number, n: number, tag: string) => sql`
    INSERT INTO conversions (id, created_at, publisher_id, offer_id, advertiser_id, event_id, event_type, landing_page_id, click_id,
      click_created_at, status, payout, payout_type, s1, pub_source)
    SELECT gen_random_uuid(), timestamptz '2026-10-09 19:00:00+00' + g * interval '40 milliseconds', ${publisherId}, o.id, o.advertiser_id,
      ${offer.events.conversion}, 'conversion', NULL, gen_random_uuid(), timestamptz '2026-10-09 18:59:00+00', 'approved', 1.25, 'cpa',
      ${tag} || (g % 1000), 'src'
    FROM generate_series(1, ${n}) g, offers o WHERE o.id = ${offer.offerId}`;
  await gen(a.publisherId, N, '=s').execute(t.app.ctx.db);
  await gen(b.publisherId, 1000, 'b-only-').execute(t.app.ctx.db);
  await sql`ANALYZE conversions`.execute(t.app.ctx.db);
  // PGlite runs in this thread: the bulk insert held the event loop, so idle keep-alive sockets
  // expire just now. Let that happen before the test's first call.
  await new Promise((r) => setTimeout(r, 200));
  await t.post('/week-to-date-summary', {}, { token: a.token }).catch(() => undefined);
}, 600_000);

afterAll(async () => {
  await t?.close();
}, 120_000);

describe.runIf(onPostgres)('large export (L7)', () => {
  it(`streams ${N.toLocaleString('en-US')} rows with flat memory and only the caller's rows`, async () => {
    // A collector we can call: live memory is what is left after a full GC (RSS alone mostly
    // shows how lazily V8 collects).
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const baseline = process.memoryUsage().rss;
    const heapBase = process.memoryUsage().heapUsed;
    let peak = baseline;
    let heapPeak = heapBase;
    const samples: number[] = [];
    const sampler = setInterval(() => {
      gc();
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
      samples.push(m.rss);
    }, 250);
    try {
      const range = { date_range: { start: '2026-10-10', end: '2026-10-10' } };
      const start = await t.post('/report/conversion/export', { filters: range }, { token: a.token });
      const { job_id, poll_endpoint } = start.body.result;
      const done = await eventually(async () => {
        const p = await t.post(poll_endpoint, { id: job_id }, { token: a.token });
        return p.body.status === 'completed' || p.body.status === 'error' ? p.body : null;
      }, 540_000);
      expect(done.status).toBe('completed');
      expect(done.rows).toBe(N);
      // Read the download as a stream too: count records and look for the other publisher's rows.
      const res = await fetch(`${t.url}${done.export_url}`);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let lines = 0;
      let foreign = false;
      let tail = '';
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        const text = tail + decoder.decode(value, { stream: true });
        lines += text.split('\r\n').length - 1;
        if (text.includes('b-only-')) foreign = true;
        tail = text.slice(-16);
        lines -= tail.split('\r\n').length - 1;
      }
      lines += tail.split('\r\n').length - 1;
      expect(lines).toBe(N + 1);
      expect(foreign).toBe(false);
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - baseline) / 1024 / 1024;
    const mb = (x: number) => ((x - baseline) / 1024 / 1024).toFixed(0);
    const step = Math.max(1, Math.floor(samples.length / 10));
    console.log(
      `L7 RSS growth over time (MB): ${samples
        .filter((_, i) => i % step === 0)
        .map(mb)
        .join(' ')}`,
    );
    const heapGrowthMb = (heapPeak - heapBase) / 1024 / 1024;
    console.log(
      `L7: ${N} rows exported, peak RSS growth ${growthMb.toFixed(1)} MB, live heap growth ${heapGrowthMb.toFixed(1)} MB`,
    );
    // The file is ~130 MB for a million rows: holding it (or its rows) would show here many times over.
    expect(heapGrowthMb).toBeLessThan(64);
    expect(growthMb).toBeLessThan(150);
  }, 600_000);
});
