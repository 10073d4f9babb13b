import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Click and conversion reports (raw rows by keyset), the referral report and the dashboard's revenue figures. */

let t: TestApp;
let a: { publisherId: number; userId: number; token: string };
let other: { publisherId: number; userId: number; token: string };
let referred: { publisherId: number; userId: number; token: string };
let offer: OfferFixture;
let clicks: StoredClick[] = [];
const conversions: { id: string; at: number; payout: number; click: StoredClick }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t, { timezone: 'Asia/Kolkata' });
  const po = await createPublisher(t, { timezone: 'Asia/Kolkata' });
  const pr = await createPublisher(t, { name: 'Referred Media' });
  a = { ...pa, token: await login(t, pa) };
  other = { ...po, token: await login(t, po) };
  referred = { ...pr, token: await login(t, pr) };
  await t.app.ctx.db
    .updateTable('publishers')
    .set({ referrer_publisher_id: a.publisherId })
    .where('id', '=', referred.publisherId)
    .execute();
  offer = await createOffer(t, 'Raw Offer');
  const base = Date.parse('2026-10-10T00:00:00Z');
  const inputs = [];
  for (let i = 0; i < 60; i++) {
    // 25 clicks share one timestamp: ties in the sort column.
    const at = i < 25 ? new Date(base + 3_600_000) : new Date(base + i * 600_000);
    inputs.push({
      at,
      publisherId: a.publisherId,
      offerId: offer.offerId,
      landingPageId: offer.landingPageIds[0],
      s1: i % 2 ? `s-${i % 3}` : null,
      ip: `10.0.0.${i}`,
    });
  }
  clicks = await insertClicks(t, inputs);
  await insertClicks(
    t,
    inputs.map((c) => ({ ...c, publisherId: other.publisherId })),
  );
  for (const [i, ck] of clicks.entries()) {
    if (i % 3 !== 0) continue;
    const at = ck.at.getTime() + 5 * 60_000;
    const payout = i % 2 ? 2 : 1.5;
    conversions.push({
      id: await insertConversion(t, {
        at: new Date(at),
        click: ck,
        eventId: offer.events.conversion,
        eventType: 'conversion',
        payout,
      }),
      at,
      payout,
      click: ck,
    });
  }
  const rclicks = await insertClicks(
    t,
    [0, 1, 2].map((i) => ({
      at: new Date(base + i * 3_600_000),
      publisherId: referred.publisherId,
      offerId: offer.offerId,
      landingPageId: null,
    })),
  );
  for (const ck of rclicks)
    await insertConversion(t, {
      at: new Date(ck.at.getTime() + 60_000),
      click: ck,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 10,
    });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const range = { date_range: { start: '2026-10-10', end: '2026-10-10' } };

describe('click and conversion reports', () => {
  it('page the click report newest first through ties, every click once', async () => {
    const { rows, pages } = await allPages<Record<string, unknown>>(
      t,
      '/report/click',
      { filters: range, limit: 7 },
      a.token,
    );
    expect(pages).toBeGreaterThan(5);
    expect(rows).toHaveLength(clicks.length);
    expect(new Set(rows.map((r) => r['click_id'])).size).toBe(clicks.length);
    const times = rows.map((r) => Date.parse(String(r['timestamp'])));
    for (let i = 1; i < times.length; i++) expect(times[i - 1]! >= times[i]!).toBe(true);
    expect(String(rows[0]!['timestamp'])).toMatch(/\+05:30$/);
    const converted = new Set(conversions.map((c) => c.click.id));
    for (const r of rows) expect(r['has_conversion']).toBe(converted.has(String(r['click_id'])));
    for (const sort of ['sub_id_1', 'ip_address', 'has_conversion', 'offer_name'] as const) {
      const s = await allPages<Record<string, unknown>>(
        t,
        '/report/click',
        { filters: range, limit: 9, sort, order: 1 },
        a.token,
      );
      expect(new Set(s.rows.map((r) => r['click_id'])).size).toBe(clicks.length);
    }
  });

  it('list conversions oldest first with the fields of docs/api.md', async () => {
    const { rows } = await allPages<Record<string, unknown>>(
      t,
      '/report/conversion',
      { filters: range, limit: 4 },
      a.token,
    );
    expect(rows.map((r) => r['conversion_id']).sort()).toEqual(conversions.map((c) => c.id).sort());
    const byId = new Map(conversions.map((c) => [c.id, c]));
    for (const r of rows) {
      const c = byId.get(String(r['conversion_id']))!;
      expect(Date.parse(String(r['timestamp']))).toBe(Math.floor(c.at / 1000) * 1000);
      expect(Date.parse(String(r['click_time']))).toBe(Math.floor(c.click.at.getTime() / 1000) * 1000);
      expect(r['earnings']).toBe(c.payout);
      expect(r['offer_name']).toBe('Raw Offer');
      expect(r['sub_id_1']).toBe(c.click.s1 ?? null);
    }
    const times = rows.map((r) => Date.parse(String(r['timestamp'])));
    for (let i = 1; i < times.length; i++) expect(times[i - 1]! <= times[i]!).toBe(true);
    const byEarnings = await allPages<Record<string, unknown>>(
      t,
      '/report/conversion',
      { filters: range, limit: 3, sort: 'earnings', order: -1 },
      a.token,
    );
    expect(byEarnings.rows).toHaveLength(conversions.length);
  });

  it('never list another publisher’s clicks or conversions (A1)', async () => {
    const mine = new Set(clicks.map((c) => c.id));
    const { rows } = await allPages<Record<string, unknown>>(
      t,
      '/report/click',
      { filters: range, limit: 100 },
      other.token,
    );
    expect(rows).toHaveLength(clicks.length);
    for (const r of rows) expect(mine.has(String(r['click_id']))).toBe(false);
    const conv = await t.post('/report/conversion', { filters: range }, { token: other.token });
    expect(conv.body.data).toEqual([]);
  });

  it('answer 422 for a sort of another report and a broken cursor', async () => {
    expect((await t.post('/report/click', { filters: range, sort: 'earnings' }, { token: a.token })).status).toBe(422);
    expect(
      (await t.post('/report/conversion', { filters: range, cursor: 'eyJ4Ijox' }, { token: a.token })).status,
    ).toBe(422);
  });
});

describe('referral report', () => {
  it('shows referred publishers with the configured commission on their payouts', async () => {
    const r = await t.post('/report/referral', { filters: range }, { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([
      {
        referred_publisher_id: referred.publisherId,
        referred_publisher_name: 'Referred Media',
        offer_id: offer.offerId,
        offer_name: 'Raw Offer',
        conversions: 3,
        payout_amount_total: 30,
        commission_amount: (30 * t.app.ctx.config.REFERRAL_COMMISSION_PERCENT) / 100,
      },
    ]);
    const none = await t.post('/report/referral', { filters: range }, { token: other.token });
    expect(none.body.data).toEqual([]);
  });
});

describe('week and month to date', () => {
  it('sum the earnings since Monday and since the 1st in the user’s zone', async () => {
    const p = await createPublisher(t, { timezone: 'Asia/Kathmandu' });
    const token = await login(t, p);
    const now = Date.now();
    const [recent, old] = await insertClicks(t, [
      { at: new Date(now - 60_000), publisherId: p.publisherId, offerId: offer.offerId, landingPageId: null },
      { at: new Date(now - 40 * 86_400_000), publisherId: p.publisherId, offerId: offer.offerId, landingPageId: null },
    ]);
    await insertConversion(t, {
      at: new Date(now - 30_000),
      click: recent!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 4.5,
    });
    await insertConversion(t, {
      at: new Date(now - 40 * 86_400_000 + 60_000),
      click: old!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 7,
    });
    const week = await t.post('/week-to-date-summary', undefined, { token });
    const month = await t.post('/month-to-date-summary', {}, { token });
    expect(week.status).toBe(200);
    expect(week.body.revenue).toBe(4.5);
    expect(month.body.revenue).toBe(4.5);
    expect(week.body.timezone).toBe('Asia/Kathmandu');
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Kathmandu' }).format(new Date(now));
    expect(month.body.start).toBe(`${local.slice(0, 8)}01`);
    expect(new Date(`${week.body.start}T00:00:00Z`).getUTCDay()).toBe(1);
    expect((await t.post('/week-to-date-summary', {}, { token: other.token })).body.revenue).toBe(0);
  });
});
