import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { lastClosedMonth, monthBounds } from '../../src/modules/invoices/invoices.service.ts';

/**
 * An invoice after a month of every kind of conversion (docs/money.md, "Invoices and adjustments"),
 * all over the API: the earlier month's approved conversions are its invoice, which is paid; a
 * pending one stays out; one rejected before generation never counts; one approved after its
 * month's invoice and one reversed after it was paid are adjustment lines of the next invoice,
 * naming the conversion's month. Every invoice and the publisher's reports agree to the cent.
 */
let t: TestApp;
let manager: AdminClient;
let offer: OfferFixture;
let pub: { publisherId: number; token: string };

const last = lastClosedMonth();
const before = lastClosedMonth(new Date(`${last}-15T00:00:00Z`));
const today = new Date().toISOString().slice(0, 10);

async function convertAt(at: string, payout: number, status: 'approved' | 'pending'): Promise<string> {
  const [ck] = await insertClicks(t, [
    {
      at: new Date(Date.parse(at) - 60_000),
      publisherId: pub.publisherId,
      offerId: offer.offerId,
      landingPageId: offer.landingPageIds[0]!,
    },
  ]);
  return insertConversion(t, {
    at: new Date(at),
    click: ck!,
    eventId: offer.events.conversion,
    eventType: 'conversion',
    payout,
    status,
  });
}

const ok = async <T = any>(p: Promise<{ status: number; body: T }>): Promise<T> => {
  const r = await p;
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

const totalsOf = async (month: string) => {
  const { start, end } = monthBounds(month);
  const r = await ok(t.post('/report-total/daily', { filters: { date_range: { start, end } } }, { token: pub.token }));
  const d = r.data;
  return {
    conversions: d.conversions,
    earnings: d.earnings,
    pending_conversions: d.pending_conversions,
    pending_earnings: d.pending_earnings,
  };
};

const invoiceOf = async (month: string) => {
  const list = await ok(t.post('/invoice-list', {}, { token: pub.token }));
  const row = list.data.find((i: { date_range_start: string }) => i.date_range_start === `${month}-01`);
  expect(row).toBeTruthy();
  return ok(t.post('/invoice', { id: row.id }, { token: pub.token }));
};

const cents = (n: number) => Math.round(n * 100);

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signedInOperator(t, 'manager')).api;
  offer = await createOffer(t, 'Mixed Offer');
  const p = await createPublisher(t, { name: 'Mixed Media' });
  pub = { publisherId: p.publisherId, token: await login(t, p) };
}, 60_000);
afterAll(() => t?.close());

describe('an invoice after a mix of statuses', () => {
  it('has the month’s approved conversions, then a late approval and a reversal after payment as adjustments; reports agree to the cent', async () => {
    // The earlier month: two approved, one to be reversed after payment, one pending throughout,
    // one approved late, one rejected before its invoice.
    await convertAt(`${before}-03T10:00:00Z`, 10, 'approved');
    await convertAt(`${before}-04T10:00:00Z`, 12.34, 'approved');
    const reversed = await convertAt(`${before}-05T10:00:00Z`, 6.5, 'approved');
    await convertAt(`${before}-06T10:00:00Z`, 7.77, 'pending');
    const late = await convertAt(`${before}-07T10:00:00Z`, 3.21, 'pending');
    const rejected = await convertAt(`${before}-08T10:00:00Z`, 2, 'pending');
    // The last closed month: two approved, one pending.
    await convertAt(`${last}-10T10:00:00Z`, 20, 'approved');
    await convertAt(`${last}-11T10:00:00Z`, 0.99, 'approved');
    await convertAt(`${last}-12T10:00:00Z`, 4.44, 'pending');

    const refused = await ok(
      manager.post('/conversions/status', { ids: [rejected], status: 'rejected', reason: 'Duplicate order' }),
    );
    expect(refused.data.counts.changed).toBe(1);

    // The earlier month invoiced and paid.
    expect((await ok(manager.post('/invoices/generate', { month: before }))).data.created).toHaveLength(1);
    const first = await invoiceOf(before);
    expect(first.items).toEqual([
      { kind: 'offer', name: 'Mixed Offer', price_per_action: 9.6133, payed_actions: 3, total: 28.84 },
    ]);
    expect(first.invoice.payout_total).toBe(28.84);
    for (const status of ['request_payment', 'processing', 'paid'])
      await ok(
        manager.post(`/invoices/${first.invoice.id}/status`, {
          status,
          ...(status === 'paid' ? { paid_at: today, payment_method: 'paypal', payment_reference: 'PP-MIX-1' } : {}),
        }),
      );

    // After it: one approved late, one reversed (within 60 days of the payment).
    const approved = await ok(manager.post('/conversions/status', { ids: [late], status: 'approved' }));
    expect(approved.data.results[0]).toMatchObject({ outcome: 'changed', previous_status: 'pending' });
    const reversal = await ok(manager.post(`/conversions/${reversed}/reverse`, { reason: 'Refunded order' }));
    expect(reversal.data.invoices).toEqual([
      { invoice_id: null, publisher_id: pub.publisherId, status: 'waiting', total: -6.5 },
    ]);
    // The paid invoice is never changed.
    const paid = await invoiceOf(before);
    expect(paid.invoice).toMatchObject({ status: 'paid', payout_total: 28.84 });
    expect(paid.items).toEqual(first.items);

    // The next invoice: its month's conversions, then the two adjustments naming the earlier month.
    expect((await ok(manager.post('/invoices/generate', { month: last }))).data.created).toHaveLength(1);
    const next = await invoiceOf(last);
    expect(next.items).toEqual([
      { kind: 'offer', name: 'Mixed Offer', price_per_action: 10.495, payed_actions: 2, total: 20.99 },
      {
        kind: 'adjustment',
        name: `Late approval: Mixed Offer (${before})`,
        price_per_action: 3.21,
        payed_actions: 1,
        total: 3.21,
      },
      {
        kind: 'adjustment',
        name: `Reversed: Mixed Offer (${before})`,
        price_per_action: 6.5,
        payed_actions: -1,
        total: -6.5,
      },
    ]);
    expect(next.invoice).toMatchObject({ status: 'generated', payout_total: 17.7 });
    expect(cents(next.items.reduce((s: number, i: { total: number }) => s + i.total, 0))).toBe(1770);

    // The reports: approved only (the late one in its own month, the reversed and rejected out),
    // pending beside them; what the invoices paid and owe is what the reports earned, to the cent.
    const earlier = await totalsOf(before);
    expect(earlier).toEqual({ conversions: 3, earnings: 25.55, pending_conversions: 1, pending_earnings: 7.77 });
    const lastTotals = await totalsOf(last);
    expect(lastTotals).toEqual({ conversions: 2, earnings: 20.99, pending_conversions: 1, pending_earnings: 4.44 });
    expect(cents(paid.invoice.payout_total) + cents(next.invoice.payout_total)).toBe(
      cents(earlier.earnings) + cents(lastTotals.earnings),
    );
  });
});
