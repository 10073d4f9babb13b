import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../src/modules/reports/reports.time.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { click, convert, createTrackedOffer, settle, type TrackedOffer } from '../helpers/tracking-factories.ts';
import { allPages } from './report-fixtures.ts';

/**
 * Reports over traffic that went through the tracking engine itself: clicks over `/c/` (group
 * commit, whose statement also queues their rollup counts) and conversions over `/postback`,
 * checked against the raw rows the engine stored.
 */
let t: TestApp;
let token: string;
let publisherId: number;
let offers: TrackedOffer[];
const zone = 'Asia/Kolkata';

interface Raw {
  at: number;
  offerId: number;
  lp: number | null;
  s1: string | null;
  clicks: number;
  conversions: number;
  earnings: number;
}
let raw: Raw[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const pub = await createPublisher(t, { timezone: zone });
  publisherId = pub.publisherId;
  token = await login(t, pub);
  offers = [
    await createTrackedOffer(t, {
      payout: 2.5,
      landingUrls: ['https://a.example/?clickid={tid}', 'https://a.example/two?clickid={tid}'],
    }),
    await createTrackedOffer(t, { payout: 4 }),
  ];
  // 150 clicks, 25 at a time so batches hold several; repeat visitors and a few placements.
  const tids: { tid: string; offer: TrackedOffer }[] = [];
  for (let i = 0; i < 150; i += 25) {
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, k) => {
        const n = i + k;
        const offer = offers[n % 2]!;
        const query: Record<string, string> = n % 7 === 0 ? {} : { s1: `placement-${n % 5}` };
        if (n % 2 === 0 && n % 3 === 0) query['cr'] = String(offer.landingPageIds[1]);
        return click(t, offer.offerId, publisherId, query, { 'user-agent': `visitor ${n % 40}` }).then((a) => ({
          a,
          offer,
        }));
      }),
    );
    for (const { a, offer } of answers) {
      expect(a.status).toBe(302);
      tids.push({ tid: a.tid!, offer });
    }
  }
  for (const [j, c] of tids.entries()) {
    if (j % 6 !== 0) continue;
    const r = await convert(t, { tid: c.tid, token: c.offer.token });
    expect(r.status).toBe(200);
  }
  await settle(t);
  const clicks = await sql<{ created_at: Date; offer_id: number; landing_page_id: number | null; s1: string | null }>`
    SELECT created_at, offer_id, landing_page_id, s1 FROM clicks WHERE publisher_id = ${publisherId}`.execute(
    t.app.ctx.db,
  );
  const conversions = await sql<{
    created_at: Date;
    offer_id: number;
    landing_page_id: number | null;
    s1: string | null;
    payout: number;
  }>`
    SELECT created_at, offer_id, landing_page_id, s1, payout FROM conversions WHERE publisher_id = ${publisherId} AND status = 'approved'`.execute(
    t.app.ctx.db,
  );
  expect(clicks.rows).toHaveLength(150);
  expect(conversions.rows).toHaveLength(25);
  raw = [
    ...clicks.rows.map((c) => ({
      at: c.created_at.getTime(),
      offerId: c.offer_id,
      lp: c.landing_page_id,
      s1: c.s1,
      clicks: 1,
      conversions: 0,
      earnings: 0,
    })),
    ...conversions.rows.map((c) => ({
      at: c.created_at.getTime(),
      offerId: c.offer_id,
      lp: c.landing_page_id,
      s1: c.s1,
      clicks: 0,
      conversions: 1,
      earnings: Number(c.payout),
    })),
  ];
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function expected(key: (r: Raw) => string) {
  const m = new Map<string, { clicks: number; conversions: number; earnings: number }>();
  for (const r of raw) {
    const k = key(r);
    const v = m.get(k) ?? { clicks: 0, conversions: 0, earnings: 0 };
    v.clicks += r.clicks;
    v.conversions += r.conversions;
    v.earnings = Math.round((v.earnings + r.earnings) * 10_000) / 10_000;
    m.set(k, v);
  }
  return m;
}

describe('reports over traffic through the tracking engine', () => {
  it('count every click and conversion the engine stored, in every summary report and total', async () => {
    const today = localDate(zone, Date.now());
    const yesterday = localDate(zone, Date.now() - 86_400_000);
    const filters = { date_range: { start: yesterday, end: today } };
    const cases: [string, (r: Raw) => string, (row: Record<string, unknown>) => string][] = [
      ['campaign', (r) => String(r.offerId), (row) => String(row['offer_id'])],
      ['landing-page', (r) => `${r.lp}|${r.offerId}`, (row) => `${row['landing_page_id']}|${row['offer_id']}`],
      ['sub-id', (r) => r.s1 ?? '', (row) => String(row['sub_id'] ?? '')],
      ['daily', (r) => localDate(zone, r.at), (row) => String(row['day'])],
    ];
    for (const [type, evKey, rowKey] of cases) {
      const { rows } = await allPages(t, `/report/${type}`, { filters, limit: 100 }, token);
      const exp = expected(evKey);
      expect(new Set(rows.map(rowKey)), type).toEqual(new Set(exp.keys()));
      for (const row of rows) {
        const e = exp.get(rowKey(row))!;
        expect(
          { clicks: row['clicks'], conversions: row['conversions'], earnings: row['earnings'] },
          `${type} ${rowKey(row)}`,
        ).toEqual(e);
      }
      const total = await t.post(`/report-total/${type}`, { filters }, { token });
      expect(total.body.data.clicks).toBe(150);
      expect(total.body.data.conversions).toBe(25);
      expect(total.body.data.earnings).toBeCloseTo(
        raw.reduce((s, r) => s + r.earnings, 0),
        4,
      );
    }
    const hourly = await allPages(t, '/report/hourly', { filters, limit: 100 }, token);
    expect(hourly.rows.reduce((s, r) => s + Number(r['clicks']), 0)).toBe(150);
  });

  it('show the same unique clicks in My Offers as the engine decided', async () => {
    const unique = await sql<{ offer_id: number; n: number }>`
      SELECT offer_id, count(*)::int AS n FROM clicks WHERE publisher_id = ${publisherId} AND is_unique GROUP BY 1`.execute(
      t.app.ctx.db,
    );
    const today = localDate(zone, Date.now());
    const yesterday = localDate(zone, Date.now() - 86_400_000);
    const r = await t.post(
      '/campaign-table',
      { filters: { date_range: { start: yesterday, end: today } }, limit: 20 },
      { token },
    );
    expect(r.status).toBe(200);
    for (const u of unique.rows) {
      const row = (r.body.data as Record<string, unknown>[]).find((x) => x['offer_id'] === u.offer_id)!;
      expect(row['clicks_unique']).toBe(u.n);
    }
    // 40 visitors over two offers: each visitor's first click of each offer is its unique one.
    expect(unique.rows.reduce((s, u) => s + u.n, 0)).toBe(40);
  });
});
