import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createOffer, insertClicks, insertConversion } from '../reports/report-fixtures.ts';
import { DEMO_CHARGEBACK_REASON, seedDemoBilling } from '../../src/seed/demo-billing.ts';

let t: TestApp;
let token: string;
let chargedBack: string;
let monthBefore: string;

beforeAll(async () => {
  t = await createTestApp();
  const demo = await createPublisher(t, { email: 'demo@portal.test' });
  token = await login(t, demo);
  const offer = await createOffer(t, 'Demo Offer');
  // Traffic in each of the last four closed months, the way the demo traffic leaves it.
  const now = new Date();
  for (let m = 1; m <= 4; m++) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 10, 12));
    const [ck] = await insertClicks(t, [
      { at, publisherId: demo.publisherId, offerId: offer.offerId, landingPageId: offer.landingPageIds[0] },
    ]);
    await insertConversion(t, {
      at: new Date(at.getTime() + 60_000),
      click: ck!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 10 * m,
    });
  }
  // A smaller one in the month before last: the chargeback the seed makes after its invoice.
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 12, 12));
  const [ck] = await insertClicks(t, [
    { at, publisherId: demo.publisherId, offerId: offer.offerId, landingPageId: offer.landingPageIds[0] },
  ]);
  chargedBack = await insertConversion(t, {
    at: new Date(at.getTime() + 60_000),
    click: ck!,
    eventId: offer.events.conversion,
    eventType: 'conversion',
    payout: 2.5,
  });
  monthBefore = at.toISOString().slice(0, 7);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('demo billing seed', () => {
  it('invoices the demo traffic in every status, with a chargeback as an adjustment of the open invoice, and leaves read, unread, urgent and offer notifications; twice is once', async () => {
    await seedDemoBilling(t.app.ctx);
    await seedDemoBilling(t.app.ctx);
    const list = await t.post('/invoice-list', {}, { token });
    expect(list.body.data.map((i: { status: string }) => i.status)).toEqual([
      'generated',
      'request_payment',
      'processing',
      'paid',
    ]);
    // The month before last (waiting for payment) keeps its 22.50; its chargeback is a line of the
    // open invoice, the newest: 10 - 2.50.
    expect(list.body.data.map((i: { payout_total: number }) => i.payout_total)).toEqual([7.5, 22.5, 30, 40]);
    const open = await t.post('/invoice', { id: list.body.data[0].id }, { token });
    expect(open.body.items).toEqual([
      { kind: 'offer', name: 'Demo Offer', price_per_action: 10, payed_actions: 1, total: 10 },
      {
        kind: 'adjustment',
        name: `Reversed: Demo Offer (${monthBefore})`,
        price_per_action: 2.5,
        payed_actions: -1,
        total: -2.5,
      },
    ]);
    const reversed = await t.app.ctx.db
      .selectFrom('conversions')
      .select(['status', 'status_reason'])
      .where('id', '=', chargedBack)
      .executeTakeFirstOrThrow();
    expect(reversed).toEqual({ status: 'reversed', status_reason: DEMO_CHARGEBACK_REASON });
    // Through the console's reversal: its history row and audit entry.
    const history = await t.app.ctx.db
      .selectFrom('conversion_status_changes')
      .select(['from_status', 'to_status', 'actor_kind'])
      .where('conversion_id', '=', chargedBack)
      .execute();
    expect(history).toEqual([{ from_status: 'approved', to_status: 'reversed', actor_kind: 'cli' }]);
    expect(
      await t.app.ctx.db.selectFrom('audit_log').select('action').where('object_id', '=', chargedBack).execute(),
    ).toEqual([{ action: 'conversion.reverse' }]);
    // The paid one says when, how and with which reference; the publisher is paid by PayPal.
    const paid = list.body.data[3];
    expect(paid).toMatchObject({
      payment_method: 'paypal',
      payment_reference: expect.stringMatching(/^PP-\d{8}-\d+$/),
    });
    expect(paid.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const details = await t.post('/payment-details', {}, { token });
    expect(details.body.data).toMatchObject({ method: 'paypal', payment_paused_until: null });
    const n = await t.post('/notifications/get-notification-table-data', { limit: 100 }, { token });
    const rows = n.body.data as { is_read: boolean; urgent: boolean; context_domain: string | null }[];
    expect(rows).toHaveLength(7);
    expect(rows.some((r) => r.is_read)).toBe(true);
    expect(rows.some((r) => !r.is_read)).toBe(true);
    expect(rows.some((r) => r.urgent)).toBe(true);
    expect(rows.some((r) => r.context_domain === 'offer')).toBe(true);
  });
});
