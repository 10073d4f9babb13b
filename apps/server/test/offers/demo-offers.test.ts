import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFER_STATUSES } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { allPages } from '../helpers/network-factories.ts';
import { seedDemoOffers } from '../../src/seed/demo-offers.ts';

describe('demo network: offers and postbacks', () => {
  let t: TestApp;
  let demoToken: string;
  let euToken: string;
  let stranger: string;

  beforeAll(async () => {
    t = await createTestApp();
    // The accounts the seed hangs its offers on, found by their demo referral codes.
    const accounts = [];
    for (const code of ['demo2026', 'multieu1', 'multius1']) {
      const p = await createPublisher(t);
      await t.app.ctx.db
        .updateTable('publishers')
        .set({ referral_code: code })
        .where('id', '=', p.publisherId)
        .execute();
      accounts.push(p);
    }
    await seedDemoOffers(t.app.ctx);
    await seedDemoOffers(t.app.ctx); // idempotent
    demoToken = await login(t, accounts[0]!);
    euToken = await login(t, accounts[1]!);
    stranger = await login(t, await createPublisher(t));
  });
  afterAll(() => t.close());

  it('gives the demo publisher at least 20 offers in every status, and seeds once', async () => {
    const { rows } = await allPages(t, '/offer-list', { filters: {}, limit: 100 }, demoToken);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((r: any) => r.status))).toEqual(new Set(OFFER_STATUSES));
    const names = rows.map((r: any) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const advertisers = await t.app.ctx.db.selectFrom('advertisers').select('name').execute();
    expect(advertisers).toHaveLength(5);
  });

  it('has landing pages carrying {tid}, several events and creatives of several types', async () => {
    const { rows } = await allPages(t, '/offer-list', { filters: {}, search: 'Summer Sale', limit: 5 }, demoToken);
    const offerId = rows[0].offer_id;
    const link = await t.post('/offer-tracking-link', { offer_id: offerId }, { token: demoToken });
    expect(link.body.data.landing_page_list.length).toBeGreaterThanOrEqual(2);
    expect(link.body.data.landing_page_list.filter((p: any) => p.default)).toHaveLength(1);
    const pages = await t.app.ctx.db.selectFrom('landing_pages').select('url').execute();
    expect(pages.every((p) => new URL(p.url).search.includes('{tid}'))).toBe(true);
    const events = await t.post('/event-list', { offer_id: offerId }, { token: demoToken });
    expect(new Set(events.body.data.map((e: any) => e.event_type))).toEqual(
      new Set(['conversion', 'partial', 'upsell']),
    );
    const creatives = await t.post('/offer-creatives', { offer_id: offerId }, { token: demoToken });
    expect(new Set(creatives.body.data.map((c: any) => c.creative_type)).size).toBeGreaterThanOrEqual(3);
    const types = await t.app.ctx.db.selectFrom('creatives').select('type').distinct().execute();
    expect(types).toHaveLength(7);
  });

  it('gives the demo publisher global and per-offer postbacks and pixels, active and inactive', async () => {
    const { rows } = await allPages(t, '/postback-table', { filters: { status: 'all' } }, demoToken);
    const kinds = new Set(
      rows.map(
        (r: any) => `${r.postback_type}/${r.postback_status}/${r.postback_offer_id === null ? 'global' : 'offer'}`,
      ),
    );
    for (const k of [
      'postback/active/global',
      'postback/inactive/global',
      'pixel/active/global',
      'postback/active/offer',
      'pixel/inactive/offer',
    ]) {
      expect(kinds, k).toContain(k);
    }
    expect(
      rows
        .filter((r: any) => r.postback_type === 'postback')
        .every((r: any) => r.postback_value.startsWith('https://')),
    ).toBe(true);
  });

  it('keeps private offers private: the multi-account publisher sees its own, strangers do not', async () => {
    const eu = await allPages(t, '/offer-list', { filters: {}, search: 'EU', limit: 50 }, euToken);
    expect(eu.rows.map((r: any) => r.name)).toEqual(
      expect.arrayContaining(['Harbor EU City Breaks', 'Bluepeak EU Neobank']),
    );
    const demoEu = await allPages(t, '/offer-list', { filters: {}, search: 'EU', limit: 50 }, demoToken);
    expect(demoEu.rows.map((r: any) => r.name)).not.toContain('Harbor EU City Breaks');
    const invite = await t.app.ctx.db
      .selectFrom('offers')
      .select('id')
      .where('name', 'like', '%invite only%')
      .executeTakeFirstOrThrow();
    for (const token of [demoToken, euToken, stranger]) {
      expect((await t.post('/offer', { offer_id: invite.id }, { token })).status).toBe(404);
    }
    const strangerList = await allPages(t, '/offer-list', { filters: {}, limit: 100 }, stranger);
    const demoList = await allPages(t, '/offer-list', { filters: {}, limit: 100 }, demoToken);
    expect(strangerList.rows.length).toBeLessThan(demoList.rows.length);
  });
});
