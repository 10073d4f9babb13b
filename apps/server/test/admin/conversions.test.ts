import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import {
  click,
  convert,
  createTrackedOffer,
  createTrackingPostback,
  type TrackedOffer,
} from '../helpers/tracking-factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { lastClosedMonth } from '../../src/modules/invoices/invoices.service.ts';

/** What marking an invoice paid records (docs/money.md). */
const PAID = { paid_at: '2026-11-01', payment_method: 'paypal', payment_reference: 'PP-TEST-1' };

/**
 * The Conversions area: find, reverse (reports, open invoices, referral commissions and postbacks
 * follow), roles and the audit log.
 */
describe('Conversions: find and reverse', () => {
  let t: TestApp;
  let manager: AdminClient;
  let viewer: AdminClient;
  let pub: { publisherId: number; token: string };
  let referrer: { publisherId: number; token: string };
  let offer: TrackedOffer;
  let past: OfferFixture;
  const month = lastClosedMonth();

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    viewer = (await signedInOperator(t, 'viewer')).api;
    const p = await createPublisher(t, { name: 'Reversal Media' });
    const r = await createPublisher(t, { name: 'Referrer Media' });
    pub = { publisherId: p.publisherId, token: await login(t, p) };
    referrer = { publisherId: r.publisherId, token: await login(t, r) };
    await t.app.ctx.db
      .updateTable('publishers')
      .set({ referrer_publisher_id: referrer.publisherId })
      .where('id', '=', pub.publisherId)
      .execute();
    offer = await createTrackedOffer(t, { name: 'Reversible Offer', payout: 12.5, revenue: 20 });
    past = await createOffer(t, 'Last Month Offer');
  }, 60_000);
  afterAll(() => t?.close());

  const today = () => new Date().toISOString().slice(0, 10);
  const totals = async () => {
    const r = await t.post(
      '/report-total/daily',
      { filters: { date_range: { start: today(), end: today() } } },
      { token: pub.token },
    );
    expect(r.status).toBe(200);
    return { conversions: r.body.data.conversions as number, earnings: r.body.data.earnings as number };
  };

  it('reverses a conversion: it stays, marked reversed; totals, postbacks and the audit log follow', async () => {
    const withStatus = await createTrackingPostback(t, pub.publisherId, {
      value: 'https://receiver.example/pb?id={conversion_id}&status={conversion_status}&pay={conversion_earnings}',
    });
    await createTrackingPostback(t, pub.publisherId, { value: 'https://receiver.example/plain?id={conversion_id}' });
    const c = await click(t, offer.offerId, pub.publisherId, { s1: 'sub-a' });
    expect(c.status).toBe(302);
    const tid = new URL(c.location!).searchParams.get('tid') ?? c.tid!;
    expect((await convert(t, { tid, token: offer.token, adv_transaction_id: 'ORDER-REV-1' })).status).toBe(200);
    const before = await totals();
    expect(before.conversions).toBe(1);
    expect(before.earnings).toBeCloseTo(12.5, 4);

    // Found by tid, by order id, by publisher and offer; a viewer reads too.
    const byTid = await viewer.post('/conversions', { filters: { tid } });
    expect(byTid.status).toBe(200);
    expect(byTid.body.data).toHaveLength(1);
    const conv = byTid.body.data[0];
    expect(conv).toMatchObject({
      tid,
      publisher_id: pub.publisherId,
      publisher_name: 'Reversal Media',
      offer_id: offer.offerId,
      offer_name: 'Reversible Offer',
      payout: 12.5,
      revenue: 20,
      adv_transaction_id: 'ORDER-REV-1',
      status: 'approved',
      reversal: null,
    });
    expect((await manager.post('/conversions', { filters: { order_id: 'ORDER-REV-1' } })).body.data[0].id).toBe(
      conv.id,
    );
    expect(
      (await manager.post('/conversions', { filters: { publisher_id: pub.publisherId, offer_id: offer.offerId } })).body
        .data,
    ).toHaveLength(1);
    expect((await manager.post('/conversions', { filters: { order_id: 'nope' } })).body.data).toEqual([]);
    const badTid = await manager.post('/conversions', { filters: { tid: 'not-a-uuid' } });
    expect(badTid.status).toBe(422);
    expect(badTid.body.errors['filters.tid'].code).toBe('0x4010');
    expect((await manager.post('/conversions', { filters: { colour: 'red' } })).status).toBe(422);

    // A viewer's reverse is 403; a reason is required.
    const denied = await viewer.post(`/conversions/${conv.id}/reverse`, { reason: 'fraud' });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('0x4030');
    const noReason = await manager.post(`/conversions/${conv.id}/reverse`, { reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors).toEqual({ reason: { code: '0x4001', message: 'Please enter a reason.' } });
    expect(
      (await manager.post(`/conversions/00000000-0000-7000-8000-000000000000/reverse`, { reason: 'x' })).status,
    ).toBe(404);
    expect((await totals()).conversions).toBe(1);

    const r = await manager.post(`/conversions/${conv.id}/reverse`, { reason: 'Chargeback from the advertiser' });
    expect(r.status).toBe(200);
    expect(r.body.data.conversion).toMatchObject({
      id: conv.id,
      status: 'reversed',
      reversal: { reason: 'Chargeback from the advertiser', postbacks: 1 },
    });
    expect(r.body.data.postbacks).toBe(1);

    // The publisher's totals lose its count and payout (the conversion's own day).
    const after = await totals();
    expect(after.conversions).toBe(0);
    expect(after.earnings).toBeCloseTo(0, 4);
    // The conversion stays, marked reversed.
    const still = await manager.post('/conversions', { filters: { tid } });
    expect(still.body.data[0]).toMatchObject({ id: conv.id, status: 'reversed', payout: 12.5 });
    expect(
      (await manager.post('/conversions', { filters: { status: 'reversed' } })).body.data.map((x: any) => x.id),
    ).toEqual([conv.id]);

    // Only the postback that sends {conversion_status} is called again, with `reversed`.
    const deliveries = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .select(['postback_id', 'event_key', 'url'])
      .where('conversion_id', '=', conv.id)
      .orderBy('id')
      .execute();
    expect(deliveries).toHaveLength(3);
    const reversal = deliveries.filter((d) => d.event_key.endsWith('.reversed'));
    expect(reversal).toEqual([
      expect.objectContaining({ postback_id: withStatus, event_key: `${conv.id}.${withStatus}.reversed` }),
    ]);
    expect(reversal[0]!.url).toContain('status=reversed');
    expect(deliveries.find((d) => d.event_key === `${conv.id}.${withStatus}`)!.url).toContain('status=approved');

    // Once only.
    const again = await manager.post(`/conversions/${conv.id}/reverse`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: '0x4090', message: 'This conversion is already reversed.' });

    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'conversion.reverse',
      object_type: 'conversion',
      object_id: conv.id,
      reason: 'Chargeback from the advertiser',
      before: expect.objectContaining({ status: 'approved', payout: 12.5, revenue: 20 }),
      after: expect.objectContaining({ status: 'reversed', postbacks: 1 }),
    });
    const rows = await t.app.ctx.db.selectFrom('conversion_reversals').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.payout)).toBe(12.5);
    expect(Number(rows[0]!.revenue)).toBe(20);
  });

  it("takes a reversal back on the open invoice of the conversion's month and on the referrer's commission", async () => {
    const at = new Date(`${month}-10T10:00:00Z`);
    const [ck1, ck2] = await insertClicks(t, [
      { at: new Date(at.getTime() - 60_000), publisherId: pub.publisherId, offerId: past.offerId, landingPageId: null },
      { at: new Date(at.getTime() - 30_000), publisherId: pub.publisherId, offerId: past.offerId, landingPageId: null },
    ]);
    const keep = await insertConversion(t, {
      at,
      click: ck1!,
      eventId: past.events.conversion,
      eventType: 'conversion',
      payout: 30,
    });
    const gone = await insertConversion(t, {
      at: new Date(at.getTime() + 1000),
      click: ck2!,
      eventId: past.events.conversion,
      eventType: 'conversion',
      payout: 8,
    });
    expect(keep).toBeTruthy();

    // Generate the month from the console (a viewer may not).
    expect((await viewer.post('/invoices/generate', { month })).status).toBe(403);
    const gen = await manager.post('/invoices/generate', { month });
    expect(gen.status).toBe(200);
    expect(gen.body.data.created).toHaveLength(2); // the publisher and its referrer
    const list = await manager.post('/invoices', { filters: { publisher_id: pub.publisherId, month } });
    const inv = list.body.data[0];
    expect(inv).toMatchObject({ publisher_name: 'Reversal Media', payout_total: 38, status: 'generated' });
    const refInv = (await manager.post('/invoices', { filters: { publisher_id: referrer.publisherId } })).body.data[0];
    const pct = t.app.ctx.config.REFERRAL_COMMISSION_PERCENT;
    expect(refInv.payout_total).toBeCloseTo((38 * pct) / 100, 4);

    const r = await manager.post(`/conversions/${gone}/reverse`, { reason: 'Duplicate order' });
    expect(r.status).toBe(200);
    // The month is invoiced: the reversal is an adjustment, on the open invoice at once.
    expect(r.body.data.invoices).toEqual([
      { invoice_id: inv.id, publisher_id: pub.publisherId, status: 'generated', total: -8 },
      {
        invoice_id: refInv.id,
        publisher_id: referrer.publisherId,
        status: 'generated',
        total: -(8 * pct) / 100,
      },
    ]);

    // The publisher sees the open invoice's new line and total.
    const mine = await t.post('/invoice', { id: inv.id }, { token: pub.token });
    expect(mine.body.invoice.payout_total).toBeCloseTo(30, 4);
    expect(mine.body.items).toEqual([
      { kind: 'offer', name: 'Last Month Offer', price_per_action: 19, payed_actions: 2, total: 38 },
      {
        kind: 'adjustment',
        name: `Reversed: Last Month Offer (${month})`,
        price_per_action: 8,
        payed_actions: -1,
        total: -8,
      },
    ]);
    const detail = await viewer.get(`/invoices/${inv.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.items[1]).toMatchObject({ kind: 'adjustment', conversion_id: gone, total: -8 });
    const theirs = await t.post('/invoice', { id: refInv.id }, { token: referrer.token });
    expect(theirs.body.invoice.payout_total).toBeCloseTo((30 * pct) / 100, 4);
    expect(theirs.body.items[1]).toMatchObject({
      kind: 'adjustment',
      name: `Referral commission, reversed: Reversal Media (${month})`,
      payed_actions: -1,
    });

    // The month's report follows too (the conversion's own day).
    const day = at.toISOString().slice(0, 10);
    const report = await t.post(
      '/report-total/daily',
      { filters: { date_range: { start: day, end: day } } },
      { token: pub.token },
    );
    expect(report.body.data).toMatchObject({ conversions: 1, earnings: 30 });

    // An invoice sent for payment is never changed: a later reversal waits for the next invoice.
    for (const status of ['request_payment', 'processing', 'paid'])
      expect(
        (await manager.post(`/invoices/${inv.id}/status`, { status, ...(status === 'paid' ? PAID : {}) })).status,
      ).toBe(200);
    const [ck3] = await insertClicks(t, [
      { at: new Date(at.getTime() + 5000), publisherId: pub.publisherId, offerId: past.offerId, landingPageId: null },
    ]);
    const late = await insertConversion(t, {
      at: new Date(at.getTime() + 6000),
      click: ck3!,
      eventId: past.events.conversion,
      eventType: 'conversion',
      payout: 5,
    });
    const paid = await manager.post(`/conversions/${late}/reverse`, { reason: 'Refund' });
    expect(paid.status).toBe(200);
    expect(paid.body.data.invoices[0]).toEqual({
      invoice_id: null,
      publisher_id: pub.publisherId,
      status: 'waiting',
      total: -5,
    });
    expect((await manager.get(`/invoices/${inv.id}`)).body.data.invoice.payout_total).toBeCloseTo(30, 4);
    const waiting = await t.app.ctx.db
      .selectFrom('invoice_adjustments')
      .selectAll()
      .where('publisher_id', '=', pub.publisherId)
      .where('invoice_id', 'is', null)
      .execute();
    expect(waiting).toEqual([
      expect.objectContaining({ conversion_id: late, kind: 'reversal', name: `Reversed: Last Month Offer (${month})` }),
    ]);
    expect(Number(waiting[0]!.amount)).toBe(-5);
  });
});
