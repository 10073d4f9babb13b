import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REPORT_SORTS } from '@portal/shared/reports/reports.schemas';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import {
  allPages,
  createOffer,
  insertClicks,
  insertConversion,
  type OfferFixture,
  type StoredClick,
} from './report-fixtures.ts';

/**
 * Summary reports and totals checked against an independent computation from the raw events
 * (docs/reports.md), in a half-hour zone, a 45-minute zone and over both DST days of a whole-hour zone.
 */

interface Ev {
  at: number;
  publisherId: number;
  offerId: number;
  lp: number | null;
  s1: string | null;
  kind: 'click' | 'conversion' | 'partial' | 'upsell';
  payout: number;
}

const fmt = new Map<string, Intl.DateTimeFormat>();
/** Local 'YYYY-MM-DD' and the instant the local hour starts, straight from Intl (not the code under test). */
function local(zone: string, ms: number): { day: string; hourStart: number } {
  let f = fmt.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fmt.set(zone, f);
  }
  const s = f.format(new Date(ms)); // 2026-10-10 05:30:00
  return {
    day: s.slice(0, 10),
    hourStart: ms - Number(s.slice(14, 16)) * 60_000 - Number(s.slice(17, 19)) * 1000 - (ms % 1000),
  };
}

type M = { clicks: number; conversions: number; partials: number; upsells: number; earnings: number };
const zero = (): M => ({ clicks: 0, conversions: 0, partials: 0, upsells: 0, earnings: 0 });
function add(m: M, e: Ev) {
  if (e.kind === 'click') m.clicks += 1;
  else if (e.kind === 'conversion') m.conversions += 1;
  else if (e.kind === 'partial') m.partials += 1;
  else m.upsells += 1;
  m.earnings += e.payout;
}
const cvr = (m: M) => (m.clicks ? Math.round((m.conversions * 100 * 100) / m.clicks) / 100 : 0);
const epc = (m: M) => (m.clicks ? m.earnings / m.clicks : 0);

function expected(
  events: Ev[],
  publisherId: number,
  zone: string,
  start: string,
  end: string,
  key: (e: Ev) => string,
  offerIds?: number[],
) {
  const out = new Map<string, M>();
  for (const e of events) {
    if (e.publisherId !== publisherId) continue;
    if (offerIds && !offerIds.includes(e.offerId)) continue;
    const d = local(zone, e.at).day;
    if (d < start || d > end) continue;
    const k = key(e);
    if (!out.has(k)) out.set(k, zero());
    add(out.get(k)!, e);
  }
  return out;
}

function checkRows(rows: Record<string, unknown>[], exp: Map<string, M>, key: (r: Record<string, unknown>) => string) {
  expect(rows.length).toBe(exp.size);
  const keys = new Set<string>();
  for (const r of rows) {
    const k = key(r);
    expect(keys.has(k)).toBe(false);
    keys.add(k);
    const m = exp.get(k);
    expect(m, `unexpected row ${k}`).toBeDefined();
    expect(r['clicks']).toBe(m!.clicks);
    expect(r['conversions']).toBe(m!.conversions);
    expect(r['partials']).toBe(m!.partials);
    expect(r['upsells']).toBe(m!.upsells);
    expect(r['earnings'] as number).toBeCloseTo(m!.earnings, 4);
    expect(Math.abs((r['cvr'] as number) - cvr(m!))).toBeLessThan(0.0051);
    expect(Math.abs((r['epc'] as number) - epc(m!))).toBeLessThan(0.00006);
  }
}

function sumRows(rows: Record<string, unknown>[]) {
  const s = zero();
  for (const r of rows) {
    s.clicks += r['clicks'] as number;
    s.conversions += r['conversions'] as number;
    s.partials += r['partials'] as number;
    s.upsells += r['upsells'] as number;
    s.earnings += r['earnings'] as number;
  }
  return s;
}

let t: TestApp;
const events: Ev[] = [];
let a: { publisherId: number; userId: number; token: string };
let b: { publisherId: number; userId: number; token: string };
let c: { publisherId: number; userId: number; token: string };
let o1: OfferFixture;
let o2: OfferFixture;

const PAYOUTS = { conversion: [2, 3.3333], partial: [0.5], upsell: [1.25] } as const;

async function traffic(
  publisherId: number,
  from: number,
  to: number,
  stepMin: number,
  offers: OfferFixture[],
  salt: number,
) {
  const inputs = [];
  let i = 0;
  for (let at = from; at < to; at += stepMin * 60_000 + ((i * 37 + salt) % 3) * 60_000, i++) {
    const offer = offers[i % offers.length]!;
    inputs.push({
      at: new Date(at + ((i * 7919) % 1000)),
      publisherId,
      offerId: offer.offerId,
      landingPageId: i % 5 === 0 ? offer.landingPageIds[1] : offer.landingPageIds[0],
      isUnique: i % 3 !== 0,
      s1: [`sub-${i % 4}`, null, '=HYPERLINK("x")', 'sub-1'][i % 4] ?? null,
    });
  }
  const clicks = await insertClicks(t, inputs);
  for (const ck of clicks)
    events.push({
      at: ck.at.getTime(),
      publisherId,
      offerId: ck.offerId,
      lp: ck.landingPageId,
      s1: ck.s1 ?? null,
      kind: 'click',
      payout: 0,
    });
  const kinds = ['conversion', 'partial', 'upsell', 'conversion'] as const;
  for (const [j, ck] of clicks.entries()) {
    if (j % 4 !== 1) continue;
    const kind = kinds[(j >> 2) % 4]!;
    const offer = offers.find((o) => o.offerId === ck.offerId)!;
    const list = PAYOUTS[kind];
    const payout = list[j % list.length]!;
    const at = new Date(ck.at.getTime() + 10 * 60_000);
    await insertConversion(t, { at, click: ck as StoredClick, eventId: offer.events[kind], eventType: kind, payout });
    events.push({
      at: at.getTime(),
      publisherId,
      offerId: ck.offerId,
      lp: ck.landingPageId,
      s1: ck.s1 ?? null,
      kind,
      payout,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t, { timezone: 'Asia/Kolkata' });
  const pb = await createPublisher(t, { timezone: 'America/Toronto' });
  const pc = await createPublisher(t, { timezone: 'Europe/London' });
  a = { ...pa, token: await login(t, pa) };
  b = { ...pb, token: await login(t, pb) };
  c = { ...pc, token: await login(t, pc) };
  o1 = await createOffer(t, 'Alpha Offer');
  o2 = await createOffer(t, 'Beta Offer');
  // A: three days around two Kolkata days, every ~7 minutes (edges at 18:30 UTC).
  await traffic(a.publisherId, Date.parse('2026-10-09T17:00:00Z'), Date.parse('2026-10-12T20:00:00Z'), 7, [o1, o2], 1);
  // B: both DST days of Toronto, every ~20 minutes.
  await traffic(b.publisherId, Date.parse('2026-10-31T22:00:00Z'), Date.parse('2026-11-02T08:00:00Z'), 20, [o1], 2);
  await traffic(b.publisherId, Date.parse('2026-03-07T23:00:00Z'), Date.parse('2026-03-09T08:00:00Z'), 20, [o2], 3);
  // C: same offers, same days, must never show up for A or B.
  await traffic(
    c.publisherId,
    Date.parse('2026-10-09T17:00:00Z'),
    Date.parse('2026-11-02T08:00:00Z'),
    240,
    [o1, o2],
    4,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const SUMMARY = ['campaign', 'daily', 'hourly', 'landing-page', 'sub-id'] as const;

function keyOf(type: (typeof SUMMARY)[number], zone: string) {
  switch (type) {
    case 'campaign':
      return { ev: (e: Ev) => String(e.offerId), row: (r: Record<string, unknown>) => String(r['offer_id']) };
    case 'daily':
      return { ev: (e: Ev) => local(zone, e.at).day, row: (r: Record<string, unknown>) => String(r['day']) };
    case 'hourly':
      return {
        ev: (e: Ev) => String(local(zone, e.at).hourStart),
        row: (r: Record<string, unknown>) => String(Date.parse(String(r['hour']))),
      };
    case 'landing-page':
      return {
        ev: (e: Ev) => `${e.lp}|${e.offerId}`,
        row: (r: Record<string, unknown>) => `${r['landing_page_id']}|${r['offer_id']}`,
      };
    case 'sub-id':
      return { ev: (e: Ev) => String(e.s1 ?? ''), row: (r: Record<string, unknown>) => String(r['sub_id'] ?? '') };
  }
}

async function checkAll(who: typeof a, zone: string, start: string, end: string, offerIds?: number[]) {
  for (const type of SUMMARY) {
    const k = keyOf(type, zone);
    const filters = { date_range: { start, end }, ...(offerIds ? { offer_id: offerIds } : {}) };
    const { rows, pages } = await allPages(t, `/report/${type}`, { filters, limit: 5 }, who.token);
    const exp = expected(events, who.publisherId, zone, start, end, k.ev, offerIds);
    checkRows(rows, exp, k.row);
    if (exp.size > 5) expect(pages).toBeGreaterThan(1);
    const total = await t.post(`/report-total/${type}`, { filters }, { token: who.token });
    expect(total.status).toBe(200);
    expect(total.body.timezone).toBe(zone);
    expect(Number.isFinite(Date.parse(total.body.data_as_of))).toBe(true);
    const s = sumRows(rows);
    expect(total.body.data.clicks).toBe(s.clicks);
    expect(total.body.data.conversions).toBe(s.conversions);
    expect(total.body.data.partials).toBe(s.partials);
    expect(total.body.data.upsells).toBe(s.upsells);
    expect(total.body.data.earnings).toBeCloseTo(s.earnings, 4);
    expect(Math.abs(total.body.data.cvr - cvr(s))).toBeLessThan(0.0051);
    // The list's own body without the cursor, as the web app sends it: its sort and order are
    // checked like the list's and change nothing in the totals.
    const sorted = await t.post(
      `/report-total/${type}`,
      { filters, limit: 20, sort: REPORT_SORTS[type].at(-1), order: -1 },
      { token: who.token },
    );
    expect(sorted.status).toBe(200);
    expect(sorted.body.data).toEqual(total.body.data);
  }
}

describe('summary reports', () => {
  it('match the raw events in a +05:30 zone, page by page, with totals equal to the sum of pages', async () => {
    await checkAll(a, 'Asia/Kolkata', '2026-10-10', '2026-10-11');
    await checkAll(a, 'Asia/Kolkata', '2026-10-11', '2026-10-11', [o2.offerId]);
  });

  it('match in a +05:45 zone', async () => {
    await t.app.ctx.db.updateTable('users').set({ timezone: 'Asia/Kathmandu' }).where('id', '=', a.userId).execute();
    try {
      await checkAll(a, 'Asia/Kathmandu', '2026-10-10', '2026-10-12');
    } finally {
      await t.app.ctx.db.updateTable('users').set({ timezone: 'Asia/Kolkata' }).where('id', '=', a.userId).execute();
    }
  });

  it('show 25 hours on the day DST ends and 23 on the day it starts', async () => {
    await checkAll(b, 'America/Toronto', '2026-11-01', '2026-11-01');
    await checkAll(b, 'America/Toronto', '2026-03-08', '2026-03-08');
    const fall = await allPages(
      t,
      '/report/hourly',
      { filters: { date_range: { start: '2026-11-01', end: '2026-11-01' } } },
      b.token,
    );
    expect(fall.rows).toHaveLength(25);
    expect(fall.rows.filter((r) => String(r['hour']).startsWith('2026-11-01T01:00:00'))).toHaveLength(2);
    const spring = await allPages(
      t,
      '/report/hourly',
      { filters: { date_range: { start: '2026-03-08', end: '2026-03-08' } } },
      b.token,
    );
    expect(spring.rows).toHaveLength(23);
    const daily = await t.post(
      '/report/daily',
      { filters: { date_range: { start: '2026-10-31', end: '2026-11-02' } } },
      { token: b.token },
    );
    expect(daily.body.data.map((r: { day: string }) => r.day)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
  });

  it('use the default sorts of docs/limits.md and page through ties in any sort column', async () => {
    const range = { date_range: { start: '2026-10-10', end: '2026-10-11' } };
    const daily = await t.post('/report/daily', { filters: range }, { token: a.token });
    expect(daily.body.data.map((r: { day: string }) => r.day)).toEqual(['2026-10-10', '2026-10-11']);
    const camp = await t.post('/report/campaign', { filters: { ...range, offer_id: null } }, { token: a.token });
    expect(camp.body.data.map((r: { offer_id: number }) => r.offer_id)).toEqual(
      [o1.offerId, o2.offerId].sort((x, y) => x - y),
    );
    for (const [type, sort] of [
      ['hourly', 'clicks'],
      ['hourly', 'partials'],
      ['hourly', 'cvr'],
      ['hourly', 'epc'],
      ['sub-id', 'earnings'],
      ['landing-page', 'offer_name'],
      ['campaign', 'campaign_name'],
    ] as const) {
      for (const order of [1, -1] as const) {
        const { rows } = await allPages(t, `/report/${type}`, { filters: range, sort, order, limit: 3 }, a.token);
        const k = keyOf(type, 'Asia/Kolkata').row;
        expect(new Set(rows.map(k)).size).toBe(rows.length);
        const all = (await allPages(t, `/report/${type}`, { filters: range, limit: 100 }, a.token)).rows;
        expect(rows.length).toBe(all.length);
        for (let i = 1; i < rows.length; i++) {
          const p = rows[i - 1]![sort] as number | string;
          const q = rows[i]![sort] as number | string;
          if (typeof p === 'number') expect(order === 1 ? p <= (q as number) : p >= (q as number)).toBe(true);
        }
      }
    }
  });

  it('answer 422 for unknown sorts, malformed or foreign cursors and bad filters', async () => {
    const range = { date_range: { start: '2026-10-10', end: '2026-10-11' } };
    const bad = async (path: string, body: unknown) => {
      const r = await t.post(path, body, { token: a.token });
      expect(r.status, JSON.stringify(body)).toBe(422);
    };
    await bad('/report/daily', { filters: range, sort: 'day; DROP TABLE clicks' });
    await bad('/report/daily', { filters: range, sort: 'campaign_name' });
    await bad('/report/daily', { filters: range, cursor: 'not-a-cursor!' });
    await bad('/report/daily', { filters: range, cursor: 'W10' });
    const first = await t.post('/report/hourly', { filters: range, limit: 2 }, { token: a.token });
    expect(first.body.cursor.next).toBeTruthy();
    await bad('/report/hourly', { filters: range, limit: 2, sort: 'clicks', cursor: first.body.cursor.next });
    await bad('/report/daily', { filters: range, limit: 2, cursor: first.body.cursor.next });
    await bad('/report/daily', { filters: { date_range: { start: '2026-13-01', end: '2026-13-02' } } });
    await bad('/report/daily', { filters: { date_range: { start: '2026-10-12', end: '2026-10-10' } } });
    await bad('/report/daily', { filters: { ...range, advertiser_id: [1] } });
    await bad('/report/daily', { filters: { ...range, offer_id: ['1 OR 1=1'] } });
    await bad('/report/daily', { filters: range, order: 2 });
    await bad('/report-total/daily', { filters: range, cursor: first.body.cursor.next });
    await bad('/report-total/daily', { filters: range, sort: 'campaign_name', order: 1 });
    await bad('/report-total/campaign', { filters: range, sort: 'campaign_id', order: 0 });
    await bad('/report/daily', { filters: { date_range: { start: '2000-01-01', end: '2026-01-01' } } });
  });

  it('never show another publisher’s events, even with their offer ids (A1)', async () => {
    const range = { date_range: { start: '2026-10-01', end: '2026-11-05' } };
    for (const type of SUMMARY) {
      const { rows } = await allPages(
        t,
        `/report/${type}`,
        { filters: { ...range, offer_id: [o1.offerId, o2.offerId] }, limit: 100 },
        c.token,
      );
      const exp = expected(
        events,
        c.publisherId,
        'Europe/London',
        '2026-10-01',
        '2026-11-05',
        keyOf(type, 'Europe/London').ev,
      );
      checkRows(rows, exp, keyOf(type, 'Europe/London').row);
    }
    const other = await createPublisher(t);
    const token = await login(t, other);
    for (const type of SUMMARY) {
      const r = await t.post(`/report/${type}`, { filters: { ...range, offer_id: [o1.offerId] } }, { token });
      expect(r.body.data).toEqual([]);
      const tot = await t.post(`/report-total/${type}`, { filters: range }, { token });
      expect(tot.body.data.clicks).toBe(0);
    }
    expect((await t.post('/report/daily', { filters: range })).status).toBe(401);
  });

  it('counts a click in the reports as soon as it is stored', async () => {
    const now = Date.now();
    const before = await t.post('/report-total/campaign', {}, { token: c.token });
    await insertClicks(t, [
      { at: new Date(now), publisherId: c.publisherId, offerId: o1.offerId, landingPageId: o1.landingPageIds[0] },
    ]);
    const after = await t.post('/report-total/campaign', {}, { token: c.token });
    expect(after.body.data.clicks).toBe(before.body.data.clicks + 1);
  });

  it('keeps the three grains consistent with a rebuild from raw rows', async () => {
    const db = t.app.ctx.db;
    const snapshot = async () =>
      (
        await sql<{
          k: string;
        }>`SELECT string_agg(concat_ws('|', publisher_id, grain, bucket, offer_id, landing_page_id, clicks, clicks_unique, conversions, partials, upsells, earnings), ',' ORDER BY publisher_id, grain, bucket, offer_id, landing_page_id) AS k FROM report_rollups WHERE bucket < '2026-11-03'`.execute(
          db,
        )
      ).rows[0]!.k;
    const before = await snapshot();
    const { rebuildRollups } = await import('../../src/modules/events/events.service.ts');
    await rebuildRollups(db, new Date('2026-03-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z'));
    expect(await snapshot()).toBe(before);
  });
});
