import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createOffer, insertClicks, insertConversion } from '../reports/report-fixtures.ts';
import { seedDemoBilling } from '../../src/seed/demo-billing.ts';

let t: TestApp;
let token: string;

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
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('demo billing seed', () => {
  it('invoices the demo traffic in every status and leaves read, unread, urgent and offer notifications; twice is once', async () => {
    await seedDemoBilling(t.app.ctx);
    await seedDemoBilling(t.app.ctx);
    const list = await t.post('/invoice-list', {}, { token });
    expect(list.body.data.map((i: { status: string }) => i.status)).toEqual([
      'generated',
      'request_payment',
      'processing',
      'paid',
    ]);
    expect(list.body.data.map((i: { payout_total: number }) => i.payout_total)).toEqual([10, 20, 30, 40]);
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
