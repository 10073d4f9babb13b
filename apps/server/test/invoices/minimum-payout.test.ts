import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { invoicesService } from '../../src/modules/invoices/invoices.service.ts';

/**
 * The minimum payout (docs/money.md): a month below it (MINIMUM_PAYOUT_USD, or the publisher's own
 * minimum set in the console) is invoiced `carried_over`, not payable, and its total is a line of the
 * next month's invoice; the terms print the network's figure.
 */
let t: TestApp;
let manager: AdminClient;
let viewer: AdminClient;
let offer: OfferFixture;
const now = new Date('2026-11-22T00:00:00Z');

async function convertAt(publisherId: number, at: string, payout: number): Promise<string> {
  const [ck] = await insertClicks(t, [
    { at: new Date(Date.parse(at) - 60_000), publisherId, offerId: offer.offerId, landingPageId: null },
  ]);
  return insertConversion(t, {
    at: new Date(at),
    click: ck!,
    eventId: offer.events.conversion,
    eventType: 'conversion',
    payout,
  });
}

const invoiceOf = async (publisherId: number, month: string) =>
  t.app.ctx.db
    .selectFrom('invoices')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where('period_start', '=', `${month}-01`)
    .where('status', '<>', 'void')
    .executeTakeFirst();

beforeAll(async () => {
  t = await createTestApp({ MINIMUM_PAYOUT_USD: '50' });
  manager = (await signedInOperator(t, 'manager')).api;
  viewer = (await signedInOperator(t, 'viewer')).api;
  offer = await createOffer(t, 'Threshold Offer');
}, 60_000);
afterAll(() => t?.close());

describe('minimum payout', () => {
  it('a month below the minimum is carried over, and its total is a line of the next invoice', async () => {
    const p = await createPublisher(t, { name: 'Small Media' });
    const token = await login(t, p);
    await convertAt(p.publisherId, '2026-07-10T10:00:00Z', 20);
    await convertAt(p.publisherId, '2026-07-12T10:00:00Z', 12.5);
    await invoicesService.generateMonth(t.app.ctx, '2026-07', { now, publisherId: p.publisherId });
    const july = (await invoiceOf(p.publisherId, '2026-07'))!;
    expect(july.status).toBe('carried_over');
    expect(Number(july.payout_total)).toBe(32.5);

    // Not payable: the console cannot move it on.
    const move = await manager.post(`/invoices/${july.id}/status`, { status: 'request_payment' });
    expect(move.status).toBe(422);
    expect(move.body.errors.status.code).toBe('0x4011');

    // The publisher sees it, carried over.
    const seen = await t.post('/invoice', { id: july.id }, { token });
    expect(seen.status).toBe(200);
    expect(seen.body.invoice.status).toBe('carried_over');

    await convertAt(p.publisherId, '2026-08-03T10:00:00Z', 30);
    await invoicesService.generateMonth(t.app.ctx, '2026-08', { now, publisherId: p.publisherId });
    const august = (await invoiceOf(p.publisherId, '2026-08'))!;
    expect(august.status).toBe('generated');
    expect(Number(august.payout_total)).toBe(62.5);
    const lines = await t.post('/invoice', { id: august.id }, { token });
    expect(lines.body.items).toEqual([
      { kind: 'offer', name: 'Threshold Offer', price_per_action: 30, payed_actions: 1, total: 30 },
      {
        kind: 'carried_over',
        name: 'Carried over from 2026-07',
        price_per_action: 32.5,
        payed_actions: 0,
        total: 32.5,
      },
    ]);
    const adj = await t.app.ctx.db
      .selectFrom('invoice_adjustments')
      .selectAll()
      .where('publisher_id', '=', p.publisherId)
      .execute();
    expect(adj.map((a) => [a.kind, Number(a.amount), a.invoice_id])).toEqual([['carried_over', 32.5, august.id]]);
  });

  it('a month carried over again carries the whole amount on; a publisher with only a carry is invoiced', async () => {
    const p = await createPublisher(t, { name: 'Tiny Media' });
    await convertAt(p.publisherId, '2026-05-10T10:00:00Z', 10);
    await invoicesService.generateMonth(t.app.ctx, '2026-05', { now, publisherId: p.publisherId });
    await convertAt(p.publisherId, '2026-06-10T10:00:00Z', 15);
    await invoicesService.generateMonth(t.app.ctx, '2026-06', { now, publisherId: p.publisherId });
    const june = (await invoiceOf(p.publisherId, '2026-06'))!;
    expect([june.status, Number(june.payout_total)]).toEqual(['carried_over', 25]);
    // No conversions in July: still invoiced (carried over again) with June's carry as its line.
    await invoicesService.generateMonth(t.app.ctx, '2026-07', { now, publisherId: p.publisherId });
    const july = (await invoiceOf(p.publisherId, '2026-07'))!;
    expect([july.status, Number(july.payout_total)]).toEqual(['carried_over', 25]);
  });

  it("a publisher's own minimum, set in the console, decides instead of the network's", async () => {
    const low = await createPublisher(t, { name: 'Low Threshold Media' });
    const high = await createPublisher(t, { name: 'High Threshold Media' });
    const set = await manager.post(`/publishers/${low.publisherId}/update`, { minimum_payout: 10 });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ id: low.publisherId, minimum_payout: 10 });
    expect((await manager.post(`/publishers/${high.publisherId}/update`, { minimum_payout: 500 })).status).toBe(200);
    const page = await viewer.get(`/publishers/${low.publisherId}`);
    expect(page.body.data).toMatchObject({ minimum_payout: 10, network_minimum_payout: 50 });

    await convertAt(low.publisherId, '2026-09-10T10:00:00Z', 20);
    await convertAt(high.publisherId, '2026-09-10T10:00:00Z', 120);
    await invoicesService.generateMonth(t.app.ctx, '2026-09', { now, publisherId: low.publisherId });
    await invoicesService.generateMonth(t.app.ctx, '2026-09', { now, publisherId: high.publisherId });
    expect((await invoiceOf(low.publisherId, '2026-09'))!.status).toBe('generated');
    expect((await invoiceOf(high.publisherId, '2026-09'))!.status).toBe('carried_over');

    // null: back to the network's; the account manager untouched by a minimum-only update.
    const cleared = await manager.post(`/publishers/${high.publisherId}/update`, { minimum_payout: null });
    expect(cleared.body.data.minimum_payout).toBeNull();
  });

  it('refuses a bad minimum, and a viewer', async () => {
    const p = await createPublisher(t, { name: 'Odd Threshold Media' });
    const bad = await manager.post(`/publishers/${p.publisherId}/update`, { minimum_payout: -5 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.minimum_payout.code).toBe('0x4011');
    const text = await manager.post(`/publishers/${p.publisherId}/update`, { minimum_payout: 'ten' });
    expect(text.status).toBe(422);
    expect((await viewer.post(`/publishers/${p.publisherId}/update`, { minimum_payout: 5 })).status).toBe(403);
  });
});
