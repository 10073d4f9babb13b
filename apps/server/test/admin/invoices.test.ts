import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createOffer, insertClicks, insertConversion } from '../reports/report-fixtures.ts';
import { lastClosedMonth } from '../../src/modules/invoices/invoices.service.ts';

/** The Invoices area: generate a month, list and filter, lines, the allowed moves, void; roles, audit. */
describe('Invoices: generate, list, move, void', () => {
  let t: TestApp;
  let manager: AdminClient;
  let viewer: AdminClient;
  let pub: { publisherId: number; token: string };
  const month = lastClosedMonth();

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    viewer = (await signedInOperator(t, 'viewer')).api;
    const p = await createPublisher(t, { name: 'Invoiced Media' });
    pub = { publisherId: p.publisherId, token: await login(t, p) };
    const offer = await createOffer(t, 'Invoiced Offer');
    const at = new Date(`${month}-05T12:00:00Z`);
    const [ck] = await insertClicks(t, [
      { at: new Date(at.getTime() - 1000), publisherId: pub.publisherId, offerId: offer.offerId, landingPageId: null },
    ]);
    await insertConversion(t, {
      at,
      click: ck!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 25,
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('generates a month with coded field errors, lists by status, publisher and month, and shows the lines', async () => {
    const bad = await manager.post('/invoices/generate', { month: '2026-13' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ month: { code: '0x4010', message: 'Use the YYYY-MM format.' } });
    const open = await manager.post('/invoices/generate', { month: new Date().toISOString().slice(0, 7) });
    expect(open.body.errors).toEqual({
      month: { code: '0x4011', message: 'Only a month that is over can be invoiced.' },
    });
    expect((await manager.post('/invoices/generate', { month, extra: 1 })).status).toBe(422);

    const r = await manager.post('/invoices/generate', {});
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ month, created: [expect.any(Number)] });
    const id = r.body.data.created[0] as number;
    // Again: nothing new, and still recorded.
    const again = await manager.post('/invoices/generate', { month });
    expect(again.body.data.created).toEqual([]);
    const entries = await auditRows(t);
    expect(entries[0]).toMatchObject({ action: 'invoice.generate', object_id: null });
    expect(entries[1]).toMatchObject({ action: 'invoice.generate', object_type: 'invoice', object_id: String(id) });

    const list = await viewer.post('/invoices', {
      filters: { status: 'generated', publisher_id: pub.publisherId, month },
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        id,
        publisher_id: pub.publisherId,
        publisher_name: 'Invoiced Media',
        date_range_start: `${month}-01`,
        payout_total: 25,
        status: 'generated',
      }),
    ]);
    expect(
      (await viewer.post('/invoices', { filters: { status: 'paid', publisher_id: pub.publisherId } })).body.data,
    ).toEqual([]);
    expect((await viewer.post('/invoices', { filters: { month: '2026-1' } })).status).toBe(422);
    const detail = await viewer.get(`/invoices/${id}`);
    expect(detail.body.data.items).toEqual([
      expect.objectContaining({ kind: 'offer', name: 'Invoiced Offer', payed_actions: 1, total: 25 }),
    ]);
    expect((await viewer.get('/invoices/999999')).status).toBe(404);
  });

  it('moves one step at a time or voids before paid; other moves are coded errors; void keeps the row', async () => {
    const id = (await manager.post('/invoices', { filters: { publisher_id: pub.publisherId } })).body.data[0].id;
    const denied = await viewer.post(`/invoices/${id}/status`, { status: 'request_payment' });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('0x4030');
    const skip = await manager.post(`/invoices/${id}/status`, { status: 'paid' });
    expect(skip.status).toBe(422);
    expect(skip.body.errors).toEqual({
      status: { code: '0x4011', message: 'An invoice that is Generated cannot become Paid.' },
    });
    expect((await manager.post(`/invoices/${id}/status`, {})).body.errors.status.code).toBe('0x4013');
    expect((await manager.post(`/invoices/${id}/status`, { status: 'lost' })).body.errors.status.code).toBe('0x4010');

    const moved = await manager.post(`/invoices/${id}/status`, { status: 'request_payment' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.status).toBe('request_payment');
    expect((await auditRows(t))[0]).toMatchObject({
      action: 'invoice.status',
      object_id: String(id),
      before: { status: 'generated', payout_total: 25 },
      after: { status: 'request_payment', payout_total: 25 },
    });

    const noReason = await manager.post(`/invoices/${id}/status`, { status: 'void' });
    expect(noReason.body.errors).toEqual({ reason: { code: '0x4001', message: 'Please enter a reason.' } });
    const voided = await manager.post(`/invoices/${id}/status`, { status: 'void', reason: 'Wrong bank details' });
    expect(voided.body.data.status).toBe('void');
    expect((await auditRows(t))[0]).toMatchObject({
      action: 'invoice.void',
      reason: 'Wrong bank details',
      before: { status: 'request_payment' },
      after: { status: 'void' },
    });
    expect((await manager.post(`/invoices/${id}/status`, { status: 'generated' })).status).toBe(422);
    // The row stays for the console; the publisher no longer sees it.
    expect((await manager.get(`/invoices/${id}`)).body.data.invoice.status).toBe('void');
    expect((await t.post('/invoice-list', {}, { token: pub.token })).body.data).toEqual([]);
    expect((await t.post('/invoice', { id }, { token: pub.token })).status).toBe(404);

    // The month can be invoiced again.
    const regen = await manager.post('/invoices/generate', { month });
    expect(regen.body.data.created).toHaveLength(1);
    expect((await t.post('/invoice-list', {}, { token: pub.token })).body.data).toEqual([
      expect.objectContaining({ id: regen.body.data.created[0], payout_total: 25, status: 'generated' }),
    ]);
  });
});
