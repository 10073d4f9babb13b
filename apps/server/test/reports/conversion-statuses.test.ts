import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { allPages, createOffer, insertClicks, insertConversion, type OfferFixture } from './report-fixtures.ts';

/**
 * What the publisher sees of conversion statuses (docs/money.md): the conversion report lists every
 * status with the reason of a rejected or reversed one and never the fraud flags; totals and the
 * dashboard's figures say what is pending beside the approved numbers.
 */

let t: TestApp;
let pub: { publisherId: number; userId: number; token: string };
let offer: OfferFixture;
let other: OfferFixture;
const ids: Record<string, string> = {};
const day = new Date().toISOString().slice(0, 10);
const range = { date_range: { start: day, end: day } };

beforeAll(async () => {
  t = await createTestApp();
  const p = await createPublisher(t, { timezone: 'UTC' });
  pub = { ...p, token: await login(t, p) };
  offer = await createOffer(t, 'Status Offer');
  other = await createOffer(t, 'Other Offer');
  const now = Date.now();
  const clicks = await insertClicks(
    t,
    [0, 1, 2, 3, 4, 5].map((i) => ({
      at: new Date(now - 120_000 + i * 1000),
      publisherId: pub.publisherId,
      offerId: i === 5 ? other.offerId : offer.offerId,
      landingPageId: null,
    })),
  );
  const make = async (
    key: string,
    i: number,
    payout: number,
    extra: { status?: 'approved' | 'pending' | 'rejected' | 'reversed'; statusReason?: string; flags?: string[] },
  ) => {
    ids[key] = await insertConversion(t, {
      at: new Date(now - 60_000 + i * 1000),
      click: clicks[i]!,
      eventId: (i === 5 ? other : offer).events.conversion,
      eventType: 'conversion',
      payout,
      ...extra,
    });
  };
  await make('approved', 0, 10, {});
  await make('pending', 1, 4.25, { status: 'pending', flags: ['short_ctit'], statusReason: 'fraud check' });
  await make('pendingPartial', 2, 0.75, { status: 'pending' });
  await make('rejected', 3, 6, { status: 'rejected', statusReason: 'Duplicate order' });
  await make('reversed', 4, 8, { status: 'reversed', statusReason: 'Chargeback' });
  await make('otherPending', 5, 100, { status: 'pending' });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('conversion statuses in the publisher’s reports', () => {
  it('the conversion report lists every status, a rejected or reversed one with its reason, never the flags', async () => {
    const { rows } = await allPages<Record<string, unknown>>(
      t,
      '/report/conversion',
      { filters: range, limit: 2 },
      pub.token,
    );
    const byId = new Map(rows.map((r) => [r['conversion_id'], r]));
    expect(rows).toHaveLength(6);
    expect(byId.get(ids['approved'])).toMatchObject({ status: 'approved', status_reason: null, earnings: 10 });
    // A pending one says no more than "pending": not its flags, not a hold's reason.
    expect(byId.get(ids['pending'])).toMatchObject({ status: 'pending', status_reason: null });
    expect(byId.get(ids['rejected'])).toMatchObject({ status: 'rejected', status_reason: 'Duplicate order' });
    expect(byId.get(ids['reversed'])).toMatchObject({ status: 'reversed', status_reason: 'Chargeback' });
    for (const r of rows) {
      expect(Object.keys(r)).not.toContain('flags');
      expect(JSON.stringify(r)).not.toContain('short_ctit');
    }
  });

  it('filters the conversion report by status, and refuses a status filter elsewhere or an unknown status', async () => {
    const only = async (status: string[]) =>
      (
        await allPages<Record<string, unknown>>(
          t,
          '/report/conversion',
          { filters: { ...range, status }, limit: 50 },
          pub.token,
        )
      ).rows.map((r) => r['conversion_id']);
    expect((await only(['pending'])).sort()).toEqual(
      [ids['pending'], ids['pendingPartial'], ids['otherPending']].sort(),
    );
    expect((await only(['rejected', 'reversed'])).sort()).toEqual([ids['rejected'], ids['reversed']].sort());
    expect(await only(['approved'])).toEqual([ids['approved']]);

    const elsewhere = await t.post(
      '/report/daily',
      { filters: { ...range, status: ['pending'] } },
      { token: pub.token },
    );
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors['filters.status']).toEqual({
      code: '0x4010',
      message: 'Only the conversion report filters by status.',
    });
    const unknown = await t.post(
      '/report/conversion',
      { filters: { ...range, status: ['paid'] } },
      { token: pub.token },
    );
    expect(unknown.status).toBe(422);
  });

  it('totals count approved conversions only, and say what is pending over the same range and filters', async () => {
    const all = await t.post('/report-total/campaign', { filters: range }, { token: pub.token });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({
      conversions: 1,
      earnings: 10,
      pending_conversions: 3,
      pending_earnings: 105,
    });
    const one = await t.post(
      '/report-total/daily',
      { filters: { ...range, offer_id: [offer.offerId] } },
      { token: pub.token },
    );
    expect(one.body.data).toMatchObject({ conversions: 1, pending_conversions: 2, pending_earnings: 5 });
    const before = await t.post(
      '/report-total/daily',
      { filters: { date_range: { start: '2020-01-01', end: '2020-01-02' } } },
      { token: pub.token },
    );
    expect(before.body.data).toMatchObject({ pending_conversions: 0, pending_earnings: 0 });
  });

  it('the week and month so far give the pending earnings beside the approved ones', async () => {
    for (const path of ['/week-to-date-summary', '/month-to-date-summary']) {
      const r = await t.post(path, {}, { token: pub.token });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ revenue: 10, pending: 105 });
    }
  });

  it('the conversion export carries each conversion’s status and reason', async () => {
    const start = await t.post(
      '/report/conversion/export',
      { filters: { ...range, status: ['rejected'] } },
      { token: pub.token },
    );
    expect(start.status).toBe(200);
    const bad = await t.post(
      '/report/daily/export',
      { filters: { ...range, status: ['rejected'] } },
      { token: pub.token },
    );
    expect(bad.status).toBe(422);
  });
});
