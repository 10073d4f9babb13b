import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ApiAnswer, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { invoicesService, monthBounds } from '../../src/modules/invoices/invoices.service.ts';

let t: TestApp;
let a: { publisherId: number; token: string };
let b: { publisherId: number; token: string };
let ref: { publisherId: number };
let o1: OfferFixture;
let o2: OfferFixture;

async function convert(
  publisherId: number,
  offer: OfferFixture,
  at: string,
  payout: number,
  kind: 'conversion' | 'upsell' = 'conversion',
) {
  const [ck] = await insertClicks(t, [
    {
      at: new Date(Date.parse(at) - 60_000),
      publisherId,
      offerId: offer.offerId,
      landingPageId: offer.landingPageIds[0],
    },
  ]);
  await insertConversion(t, { at: new Date(at), click: ck!, eventId: offer.events[kind], eventType: kind, payout });
}

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t);
  const pb = await createPublisher(t);
  const pr = await createPublisher(t, { name: 'Referred One' });
  a = { publisherId: pa.publisherId, token: await login(t, pa) };
  b = { publisherId: pb.publisherId, token: await login(t, pb) };
  ref = { publisherId: pr.publisherId };
  await t.app.ctx.db
    .updateTable('publishers')
    .set({ referrer_publisher_id: a.publisherId })
    .where('id', '=', ref.publisherId)
    .execute();
  o1 = await createOffer(t, 'Invoice Offer One');
  o2 = await createOffer(t, 'Invoice Offer Two');
  // September 2026 (UTC): A earns on two offers; edges of the month included / excluded.
  await convert(a.publisherId, o1, '2026-09-01T00:00:30Z', 2);
  await convert(a.publisherId, o1, '2026-09-15T12:00:00Z', 2);
  await convert(a.publisherId, o1, '2026-09-30T23:59:00Z', 2, 'upsell');
  await convert(a.publisherId, o2, '2026-09-10T08:00:00Z', 3.5);
  await convert(a.publisherId, o2, '2026-10-01T00:00:10Z', 100); // October: not in September's invoice
  await convert(ref.publisherId, o1, '2026-09-20T10:00:00Z', 40);
  await convert(b.publisherId, o2, '2026-09-20T10:00:00Z', 9);
  await convert(b.publisherId, o2, '2026-08-20T10:00:00Z', 1);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('invoices', () => {
  it('generate one invoice per publisher per closed month with items per offer and referral commissions', async () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const r = await invoicesService.generateMonth(t.app.ctx, '2026-09', { now });
    expect(r.created).toHaveLength(3); // A, B and the referred publisher
    // Generating again (another process, the scheduled job) creates nothing.
    const again = await Promise.all([
      invoicesService.generateMonth(t.app.ctx, '2026-09', { now }),
      invoicesService.generateMonth(t.app.ctx, '2026-09', { now }),
    ]);
    expect(again.flatMap((x) => x.created)).toEqual([]);
    await expect(invoicesService.generateMonth(t.app.ctx, '2026-11', { now })).rejects.toThrow(/not closed/);

    const list = await t.post('/invoice-list', {}, { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    const inv = list.body.data[0];
    expect(inv).toMatchObject({ date_range_start: '2026-09-01', date_range_end: '2026-09-30', status: 'generated' });
    const pct = t.app.ctx.config.REFERRAL_COMMISSION_PERCENT;
    const commission = (40 * pct) / 100;
    expect(inv.payout_total).toBeCloseTo(6 + 3.5 + commission, 4);

    const one = await t.post('/invoice', { id: inv.id }, { token: a.token });
    expect(one.status).toBe(200);
    expect(one.body.invoice.id).toBe(inv.id);
    expect(one.body.items).toEqual([
      { kind: 'offer', name: 'Invoice Offer One', price_per_action: 2, payed_actions: 3, total: 6 },
      { kind: 'offer', name: 'Invoice Offer Two', price_per_action: 3.5, payed_actions: 1, total: 3.5 },
      {
        kind: 'referral',
        name: 'Referral commission: Referred One',
        price_per_action: commission,
        payed_actions: 1,
        total: commission,
      },
    ]);
    const sum = one.body.items.reduce((s: number, i: { total: number }) => s + i.total, 0);
    expect(sum).toBeCloseTo(one.body.invoice.payout_total, 4);
  });

  it('move status only forward, one step at a time (operator)', async () => {
    const list = await t.post('/invoice-list', {}, { token: a.token });
    const id = list.body.data[0].id as number;
    await expect(invoicesService.advance(t.app.ctx, id, 'paid')).rejects.toThrow(/next status/);
    for (const s of ['request_payment', 'processing', 'paid'] as const) await invoicesService.advance(t.app.ctx, id, s);
    expect((await t.post('/invoice', { id }, { token: a.token })).body.invoice.status).toBe('paid');
  });

  it('page the list by cursor and filter it by date range', async () => {
    for (const m of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']) {
      await convert(b.publisherId, o1, `${m}-15T12:00:00Z`, 1);
    }
    for (const m of ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08']) {
      await invoicesService.generateMonth(t.app.ctx, m, {
        publisherId: b.publisherId,
        now: new Date('2026-11-22T00:00:00Z'),
      });
    }
    const months: string[] = [];
    let cursor: string | null = null;
    do {
      const r: ApiAnswer = await t.post(
        '/invoice-list',
        { limit: 3, ...(cursor ? { cursor } : {}) },
        { token: b.token },
      );
      months.push(...r.body.data.map((i: { date_range_start: string }) => i.date_range_start.slice(0, 7)));
      cursor = r.body.cursor.next;
    } while (cursor);
    expect(months).toEqual([
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
    ]);
    const ranged = await t.post(
      '/invoice-list',
      { filters: { date_range: { start: '2026-03-10', end: '2026-05-01' } } },
      { token: b.token },
    );
    expect(ranged.body.data.map((i: { date_range_start: string }) => i.date_range_start)).toEqual([
      '2026-05-01',
      '2026-04-01',
      '2026-03-01',
    ]);
    expect((await t.post('/invoice-list', { cursor: 'bad!' }, { token: b.token })).status).toBe(422);
    expect((await t.post('/invoice-list', { sort: 'payout_total' }, { token: b.token })).status).toBe(422);
  });

  it('answer 404 for another publisher’s invoice and never list it (A1)', async () => {
    const mine = await t.post('/invoice-list', {}, { token: a.token });
    const id = mine.body.data[0].id;
    expect((await t.post('/invoice', { id }, { token: b.token })).status).toBe(404);
    expect((await t.post('/invoice', { id: 999999 }, { token: a.token })).status).toBe(404);
    const theirs = await t.post('/invoice-list', { limit: 100 }, { token: b.token });
    expect(theirs.body.data.map((i: { id: number }) => i.id)).not.toContain(id);
  });

  it('knows month bounds', () => {
    expect(monthBounds('2024-02')).toEqual({ start: '2024-02-01', end: '2024-02-29', next: '2024-03-01' });
    expect(monthBounds('2026-12')).toEqual({ start: '2026-12-01', end: '2026-12-31', next: '2027-01-01' });
  });
});
