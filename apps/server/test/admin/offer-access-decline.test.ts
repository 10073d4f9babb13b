import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';
import { createAdvertiser } from '../helpers/network-factories.ts';
import { click } from '../helpers/tracking-factories.ts';

describe('declining a publisher’s offer-access request (docs/operator-console.md, Offers)', () => {
  let t: TestApp;
  let manager: AdminClient;
  let viewer: AdminClient;
  let advertiserId: number;
  let pub: PublisherFixture;
  let pubToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    viewer = (await signedInOperator(t, 'viewer')).api;
    advertiserId = (await createAdvertiser(t, { name: 'Gate Shop' })).id;
    pub = await createPublisher(t, { name: 'Asking Publisher' });
    pubToken = await login(t, pub);
  });
  afterAll(() => t.close());

  const gatedOffer = async (name: string) =>
    (
      await manager.post('/offers/new', {
        name,
        advertiser_id: advertiserId,
        status: 'active',
        visibility: 'approval_required',
        conversion_method: 'postback',
        events: [{ name: 'Sale', payout: 5, payout_type: 'cpa', revenue: 8, revenue_type: 'cpa' }],
        landing_pages: [{ url: 'https://gate.example/?clickid={tid}' }],
      })
    ).body.data as { id: number };
  const ask = async (offerId: number) => {
    await t.post('/offer-request-access', { offer_id: offerId }, { token: pubToken });
    const rows = (await manager.post('/offer-access/requests', { filters: { offer_id: offerId } })).body.data;
    return rows[0] as { id: number; status: string };
  };
  const seen = async (offerId: number) =>
    (await t.post('/offer', { offer_id: offerId }, { token: pubToken })).body.data;

  it('needs a reason, records it in the audit log, and the publisher sees it and may ask again', async () => {
    const o = await gatedOffer('Declined Offer');
    const request = await ask(o.id);
    expect(request.status).toBe('pending');

    const none = await manager.post(`/offer-access/requests/${request.id}/decline`, { reason: '  ' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ reason: { code: '0x4001', message: 'Please enter a reason.' } });
    const long = await manager.post(`/offer-access/requests/${request.id}/decline`, { reason: 'x'.repeat(1001) });
    expect(long.body.errors).toEqual({
      reason: { code: '0x4010', message: 'The reason is at most 1,000 characters.' },
    });

    const reason = 'Your traffic sources do not fit this advertiser.';
    expect((await manager.post(`/offer-access/requests/${request.id}/decline`, { reason })).status).toBe(200);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'offer.access_decline',
      object_type: 'offer',
      object_id: String(o.id),
      reason,
      before: { publisher_id: pub.publisherId, status: 'pending' },
      after: { publisher_id: pub.publisherId, status: 'declined' },
    });

    // The console lists it as declined, no longer among those waiting; it cannot be answered twice.
    const all = (await manager.post('/offer-access/requests', { filters: { offer_id: o.id } })).body.data;
    expect(all).toEqual([expect.objectContaining({ id: request.id, status: 'declined', decline_reason: reason })]);
    const waiting = await manager.post('/offer-access/requests', { filters: { offer_id: o.id, status: 'pending' } });
    expect(waiting.body.data).toEqual([]);
    expect((await manager.post(`/offer-access/requests/${request.id}/decline`, { reason })).status).toBe(422);
    expect((await manager.post(`/offer-access/requests/${request.id}/approve`)).status).toBe(422);

    // The publisher: still not run, the reason on the offer; asking again makes a new request.
    expect(await seen(o.id)).toMatchObject({ status: 'pending', access: 'declined', access_declined_reason: reason });
    expect((await click(t, o.id, pub.publisherId)).location).not.toMatch(/gate\.example/);
    const again = await t.post('/offer-request-access', { offer_id: o.id }, { token: pubToken });
    expect(again.body.data).toEqual({ access: 'requested' });
    expect(await seen(o.id)).toMatchObject({ access: 'requested', access_declined_reason: null });
    const renewed = (await manager.post('/offer-access/requests', { filters: { offer_id: o.id } })).body.data;
    expect(renewed).toEqual([expect.objectContaining({ status: 'pending', decline_reason: null })]);
  });

  it('a viewer may not decline; an unknown request answers 404', async () => {
    const o = await gatedOffer('Viewer Offer');
    const request = await ask(o.id);
    const r = await viewer.post(`/offer-access/requests/${request.id}/decline`, { reason: 'No.' });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('0x4030');
    expect((await manager.post('/offer-access/requests/999999/decline', { reason: 'No.' })).status).toBe(404);
    expect((await manager.post('/offer-access/requests/1/decline', { reason: 5 })).status).toBe(422);
  });
});
