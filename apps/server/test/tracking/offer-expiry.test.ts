import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { click, clearTrackingCache, createTrackedOffer } from '../helpers/tracking-factories.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';

describe('offer expiry job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('expires offers past their date and notifies the publishers who ran them, once, by e-mail when subscribed', async () => {
    const runner = await createPublisher(t);
    const unsubscribed = await createPublisher(t);
    const bystander = await createPublisher(t);
    await t.app.ctx.db
      .updateTable('users')
      .set({ notification_subscriptions: ['offer_expire'] })
      .where('id', '=', runner.userId)
      .execute();
    await t.app.ctx.db
      .updateTable('users')
      .set({ notification_subscriptions: [] })
      .where('id', '=', unsubscribed.userId)
      .execute();
    const offer = await createTrackedOffer(t, { name: 'Ending offer' });
    expect((await click(t, offer.offerId, runner.publisherId)).status).toBe(302);
    expect((await click(t, offer.offerId, unsubscribed.publisherId)).status).toBe(302);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await t.app.ctx.db.updateTable('offers').set({ expire_date: yesterday }).where('id', '=', offer.offerId).execute();

    const maintenance = trackingEngine(t.app.ctx).maintenance;
    await maintenance.runOnce();
    await maintenance.runOnce();

    const o = await t.app.ctx.db
      .selectFrom('offers')
      .select('status')
      .where('id', '=', offer.offerId)
      .executeTakeFirstOrThrow();
    expect(o.status).toBe('expired');
    const notes = await t.app.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('kind', '=', 'offer_expire')
      .where('context_id', '=', offer.offerId)
      .execute();
    expect(notes.map((n) => n.publisher_id).sort()).toEqual([runner.publisherId, unsubscribed.publisherId].sort());
    expect(notes.every((n) => n.context_domain === 'offer' && n.summary === 'Offer has expired: Ending offer')).toBe(
      true,
    );
    await eventually(() => t.outbox().some((m) => m.to === runner.email));
    expect(t.outbox().filter((m) => m.to === unsubscribed.email || m.to === bystander.email)).toHaveLength(0);

    clearTrackingCache(t);
    const r = await click(t, offer.offerId, runner.publisherId);
    expect(r.location).toBe('https://fallback.example/offer');
  });
});
