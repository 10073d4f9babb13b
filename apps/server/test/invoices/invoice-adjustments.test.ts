import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { invoicesService } from '../../src/modules/invoices/invoices.service.ts';

/** What marking an invoice paid records (docs/money.md). */
const PAID = { paid_at: '2026-11-01', payment_method: 'paypal', payment_reference: 'PP-TEST-1' };

/**
 * Invoice adjustments (docs/money.md): a change after a month was invoiced waits for the next
 * invoice when no invoice is open, the next invoice takes every waiting one as a line (even
 * without conversions of its own), a voided invoice gives them back, generation counts the raw
 * approved rows, and a chargeback after 60 days of payment is refused.
 */
let t: TestApp;
let manager: AdminClient;
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

const linesOf = (invoiceId: number) =>
  t.app.ctx.db
    .selectFrom('invoice_items')
    .select(['kind', 'name', 'payed_actions', 'total', 'conversion_id'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, total: Number(r.total), payed_actions: Number(r.payed_actions) })));

const pay = async (invoiceId: number) => {
  for (const status of ['request_payment', 'processing', 'paid'])
    expect(
      (await manager.post(`/invoices/${invoiceId}/status`, { status, ...(status === 'paid' ? PAID : {}) })).status,
    ).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signedInOperator(t, 'manager')).api;
  offer = await createOffer(t, 'Adjusted Offer');
}, 60_000);
afterAll(() => t?.close());

describe('invoice adjustments', () => {
  it('a reversal after its invoice went for payment waits, and the next invoice takes it as a line', async () => {
    const p = await createPublisher(t, { name: 'Waiting Media' });
    const token = await login(t, p);
    await convertAt(p.publisherId, '2026-07-10T10:00:00Z', 20);
    const refunded = await convertAt(p.publisherId, '2026-07-11T10:00:00Z', 6);
    await convertAt(p.publisherId, '2026-08-05T10:00:00Z', 10);
    await invoicesService.generateMonth(t.app.ctx, '2026-07', { now, publisherId: p.publisherId });
    const july = (await invoiceOf(p.publisherId, '2026-07'))!;
    expect(Number(july.payout_total)).toBe(26);
    await pay(july.id);

    const r = await manager.post(`/conversions/${refunded}/reverse`, { reason: 'Refunded order' });
    expect(r.status).toBe(200);
    expect(r.body.data.invoices).toEqual([
      { invoice_id: null, publisher_id: p.publisherId, status: 'waiting', total: -6 },
    ]);
    expect(Number((await invoiceOf(p.publisherId, '2026-07'))!.payout_total)).toBe(26);

    await invoicesService.generateMonth(t.app.ctx, '2026-08', { now, publisherId: p.publisherId });
    const august = (await invoiceOf(p.publisherId, '2026-08'))!;
    expect(Number(august.payout_total)).toBe(4);
    expect(await linesOf(august.id)).toEqual([
      { kind: 'offer', name: 'Adjusted Offer', payed_actions: 1, total: 10, conversion_id: null },
      {
        kind: 'adjustment',
        name: 'Reversed: Adjusted Offer (2026-07)',
        payed_actions: -1,
        total: -6,
        conversion_id: refunded,
      },
    ]);
    const adj = await t.app.ctx.db
      .selectFrom('invoice_adjustments')
      .selectAll()
      .where('conversion_id', '=', refunded)
      .execute();
    expect(adj.map((a) => a.invoice_id)).toEqual([august.id]);
    // The publisher sees the line on its invoice.
    const seen = await t.post('/invoice', { id: august.id }, { token });
    expect(seen.body.items[1]).toEqual({
      kind: 'adjustment',
      name: 'Reversed: Adjusted Offer (2026-07)',
      price_per_action: 6,
      payed_actions: -1,
      total: -6,
    });
  });

  it('a publisher with adjustments waiting is invoiced without new conversions; a void gives them back', async () => {
    const p = await createPublisher(t, { name: 'Quiet Media' });
    const gone = await convertAt(p.publisherId, '2026-06-03T10:00:00Z', 15);
    await convertAt(p.publisherId, '2026-06-04T10:00:00Z', 40);
    await invoicesService.generateMonth(t.app.ctx, '2026-06', { now, publisherId: p.publisherId });
    await pay((await invoiceOf(p.publisherId, '2026-06'))!.id);
    expect((await manager.post(`/conversions/${gone}/reverse`, { reason: 'Fraud' })).status).toBe(200);

    // No conversion in September, but the adjustment waits: September is invoiced with it alone.
    const run = await invoicesService.generateMonth(t.app.ctx, '2026-09', { now, publisherId: p.publisherId });
    expect(run.created).toHaveLength(1);
    const september = (await invoiceOf(p.publisherId, '2026-09'))!;
    expect(Number(september.payout_total)).toBe(-15);
    expect((await linesOf(september.id)).map((l) => l.kind)).toEqual(['adjustment']);

    // Voided, it gives the adjustment back, and October takes it.
    const v = await manager.post(`/invoices/${september.id}/status`, { status: 'void', reason: 'Wrong month' });
    expect(v.status).toBe(200);
    const back = await t.app.ctx.db
      .selectFrom('invoice_adjustments')
      .selectAll()
      .where('conversion_id', '=', gone)
      .execute();
    expect(back.map((a) => a.invoice_id)).toEqual([null]);
    await invoicesService.generateMonth(t.app.ctx, '2026-10', { now, publisherId: p.publisherId });
    const october = (await invoiceOf(p.publisherId, '2026-10'))!;
    expect(Number(october.payout_total)).toBe(-15);
  });

  it('generation counts the raw approved conversions as they are at generation', async () => {
    const p = await createPublisher(t, { name: 'Raw Media' });
    await convertAt(p.publisherId, '2026-05-03T10:00:00Z', 11);
    const held = await convertAt(p.publisherId, '2026-05-04T10:00:00Z', 7);
    // Pending in its row (the rollups still count it): generation reads the rows.
    await t.app.ctx.db.updateTable('conversions').set({ status: 'pending' }).where('id', '=', held).execute();
    await invoicesService.generateMonth(t.app.ctx, '2026-05', { now, publisherId: p.publisherId });
    const may = (await invoiceOf(p.publisherId, '2026-05'))!;
    expect(Number(may.payout_total)).toBe(11);
    expect(await linesOf(may.id)).toEqual([
      { kind: 'offer', name: 'Adjusted Offer', payed_actions: 1, total: 11, conversion_id: null },
    ]);
  });

  it('refuses a reversal more than 60 days after its month was paid', async () => {
    const p = await createPublisher(t, { name: 'Old Media' });
    const old = await convertAt(p.publisherId, '2026-03-10T10:00:00Z', 9);
    const recent = await convertAt(p.publisherId, '2026-04-10T10:00:00Z', 9);
    for (const m of ['2026-03', '2026-04']) {
      await invoicesService.generateMonth(t.app.ctx, m, { now, publisherId: p.publisherId });
      await pay((await invoiceOf(p.publisherId, m))!.id);
    }
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await t.app.ctx.db
      .updateTable('invoices')
      .set({ paid_at: day(61) })
      .where('id', '=', (await invoiceOf(p.publisherId, '2026-03'))!.id)
      .execute();
    await t.app.ctx.db
      .updateTable('invoices')
      .set({ paid_at: day(59) })
      .where('id', '=', (await invoiceOf(p.publisherId, '2026-04'))!.id)
      .execute();
    const refused = await manager.post(`/conversions/${old}/reverse`, { reason: 'Chargeback' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: '0x4090',
      message: 'The chargeback period of 60 days after payment is over.',
    });
    const still = await manager.post('/conversions', { filters: { publisher_id: p.publisherId } });
    expect(still.body.data.find((c: { id: string }) => c.id === old).status).toBe('approved');
    expect((await manager.post(`/conversions/${recent}/reverse`, { reason: 'Chargeback' })).status).toBe(200);
  });
});
