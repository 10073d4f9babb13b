import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createAdvertiser } from '../helpers/network-factories.ts';

describe('the offer editor’s tags, event types and landing-page names (docs/operator-console.md, Offers)', () => {
  let t: TestApp;
  let manager: AdminClient;
  let advertiserId: number;
  let pubToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    advertiserId = (await createAdvertiser(t, { name: 'Tag Shop' })).id;
    pubToken = await login(t, await createPublisher(t, { name: 'Tag Reader' }));
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    name: 'Tagged Offer',
    advertiser_id: advertiserId,
    status: 'active',
    visibility: 'public',
    conversion_method: 'postback',
    events: [{ name: 'Lead', event_type: 'partial', payout: 2, payout_type: 'cpa', revenue: 3, revenue_type: 'cpa' }],
    landing_pages: [{ name: 'Spring page', url: 'https://tag.example/spring?clickid={tid}' }],
    ...over,
  });

  it('saves them on a new offer and on an update, audited; the publisher reads the tags', async () => {
    const made = await manager.post('/offers/new', form({ tags: [' Finance ', 'Mobile', '', 'Finance'] }));
    expect(made.status).toBe(200);
    const o = made.body.data;
    expect(o.tags).toEqual(['Finance', 'Mobile']);
    expect(o.events).toEqual([expect.objectContaining({ name: 'Lead', event_type: 'partial', is_base: true })]);
    expect(o.landing_pages).toEqual([expect.objectContaining({ name: 'Spring page', is_default: true })]);
    const seen = (await t.post('/offer', { offer_id: o.id }, { token: pubToken })).body.data;
    expect(seen.tags).toEqual(['Finance', 'Mobile']);

    const updated = await manager.post(
      `/offers/${o.id}/update`,
      form({
        tags: ['Retail'],
        events: [
          {
            id: o.events[0].id,
            name: 'Lead',
            event_type: 'conversion',
            payout: 2,
            payout_type: 'cpa',
            revenue: 3,
            revenue_type: 'cpa',
          },
          {
            name: 'Second order',
            event_type: 'upsell',
            payout: 1,
            payout_type: 'cpa',
            revenue: 2,
            revenue_type: 'cpa',
          },
        ],
        landing_pages: [
          { id: o.landing_pages[0].id, name: 'Summer page', url: 'https://tag.example/summer?clickid={tid}' },
          { name: 'Quiz', url: 'https://tag.example/quiz?clickid={tid}' },
        ],
      }),
    );
    expect(updated.status).toBe(200);
    const u = updated.body.data;
    expect(u.tags).toEqual(['Retail']);
    expect(u.events.map((e: { event_type: string }) => e.event_type)).toEqual(['conversion', 'upsell']);
    expect(u.landing_pages.map((p: { name: string }) => p.name)).toEqual(['Summer page', 'Quiz']);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({ action: 'offer.update', object_id: String(o.id) });
    expect(entry!.before).toMatchObject({ tags: ['Finance', 'Mobile'] });
    expect(entry!.after).toMatchObject({ tags: ['Retail'] });

    // Left out, the tags stay; an empty list clears them.
    const withoutTags = form({ events: u.events.map(strip) });
    expect(withoutTags).not.toHaveProperty('tags');
    expect((await manager.post(`/offers/${o.id}/update`, withoutTags)).body.data.tags).toEqual(['Retail']);
    expect(
      (await manager.post(`/offers/${o.id}/update`, form({ tags: [], events: u.events.map(strip) }))).body.data.tags,
    ).toEqual([]);
  });

  it('a tag too long, too many tags and an unknown event type are coded field errors', async () => {
    const long = await manager.post('/offers/new', form({ tags: ['x'.repeat(65)] }));
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ tags: { code: '0x4010', message: 'A tag is at most 64 characters.' } });
    const many = await manager.post('/offers/new', form({ tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }));
    expect(many.body.errors).toEqual({ tags: { code: '0x4010', message: 'An offer has at most 50 tags.' } });
    const type = await manager.post(
      '/offers/new',
      form({
        events: [{ name: 'X', event_type: 'refund', payout: 1, payout_type: 'cpa', revenue: 1, revenue_type: 'cpa' }],
      }),
    );
    expect(type.status).toBe(422);
    expect(type.body.errors['events.0.event_type'].code).toBe('0x4010');
  });
});

const strip = (e: {
  id: number;
  name: string;
  event_type: string;
  payout: number;
  payout_type: string;
  revenue: number;
  revenue_type: string;
}) => ({
  id: e.id,
  name: e.name,
  event_type: e.event_type,
  payout: e.payout,
  payout_type: e.payout_type,
  revenue: e.revenue,
  revenue_type: e.revenue_type,
});
