import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import {
  addCreative,
  addEvent,
  addLandingPage,
  allPages,
  createAdvertiser,
  createOffer,
  createPrivateOffer,
} from '../helpers/network-factories.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';

const PER_OFFER_CALLS = [
  '/offer',
  '/offer-details',
  '/offer-creatives',
  '/offer-tracking-link',
  '/landing-page-list',
  '/event-list',
];

describe('offers API', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let publisherId: number;
  let otherPublisherId: number;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_TRACKING_URL: 'https://trk.portal.test' });
    const a = await createPublisher(t);
    const b = await createPublisher(t);
    publisherId = a.publisherId;
    otherPublisherId = b.publisherId;
    token = await login(t, a);
    otherToken = await login(t, b);
  });
  afterAll(() => t.close());

  it('refuses every call without a valid token (401)', async () => {
    const { offerId } = await createOffer(t);
    for (const path of [...PER_OFFER_CALLS, '/campaign-table', '/offer-list']) {
      const r = await t.post(path, path.startsWith('/offer') || path.endsWith('list') ? { offer_id: offerId } : {});
      expect(r.status, path).toBe(401);
      const bad = await t.post(path, { offer_id: offerId }, { token: 'not-a-token' });
      expect(bad.status, path).toBe(401);
    }
    expect((await t.get('/search?subject=offer_event_type')).status).toBe(401);
  });

  it('answers an offer, its details, creatives, tracking link, landing pages and events', async () => {
    const { offerId, baseEventId } = await createOffer(t, {
      name: 'Summer Sale',
      description: 'Sell <b>summer</b> things',
      status: 'ready',
      preview_url: 'https://shop.example/preview',
      expire_date: '2031-12-31',
      geos: ['ca', 'US'],
      tags: ['retail', 'summer'],
      payout: 12.5,
      payout_type: 'cpa',
      conversion_method: 'both',
    });
    const lp1 = await addLandingPage(t, offerId, {
      name: 'Main',
      url: 'https://shop.example/landing?clickid={tid}&sub={s1}',
    });
    const lp2 = await addLandingPage(t, offerId, { name: 'Quiz', url: 'https://shop.example/quiz?clickid={tid}' });
    const partial = await addEvent(t, offerId, { name: 'Lead', event_type: 'partial', payout: 2 });
    const upsell = await addEvent(t, offerId, {
      name: 'Upsell',
      event_type: 'upsell',
      payout: 15,
      payout_type: 'revshare',
    });
    const c1 = await addCreative(t, offerId, { name: 'Banner', type: 'image', url: 'https://cdn.example/b.png' });
    const c2 = await addCreative(t, offerId, { name: 'Clip', type: 'video', url: 'https://cdn.example/c.mp4' });

    const offer = await t.post('/offer', { offer_id: offerId }, { token });
    expect(offer.status).toBe(200);
    expect(offer.body.data).toEqual({
      id: offerId,
      offer_id: offerId,
      name: 'Summer Sale',
      status: 'ready',
      preview_url: 'https://shop.example/preview',
      description: 'Sell <b>summer</b> things',
      expiration: '2031-12-31',
      geos: ['CA', 'US'],
      payout: 12.5,
      payout_type: 'cpa',
      tags: ['retail', 'summer'],
      tracking_link_base_url: `https://trk.portal.test/c/${offerId}/${publisherId}`,
      access: 'run',
      access_declined_reason: null,
    });

    const details = await t.post('/offer-details', { offer_id: String(offerId) }, { token });
    expect(details.status).toBe(200);
    expect(details.body.data).toEqual({
      offer_id: offerId,
      offer_name: 'Summer Sale',
      offer_status: 'ready',
      offer_description: 'Sell <b>summer</b> things',
      offer_expire_date: '2031-12-31',
      offer_geos: ['CA', 'US'],
      offer_payout: 12.5,
      offer_payout_type: 'cpa',
      offer_tags: ['retail', 'summer'],
      offer_preview_url: 'https://shop.example/preview',
      offer_conversion_method: 'both',
    });

    const creatives = await t.post('/offer-creatives', { offer_id: offerId }, { token });
    expect(creatives.body.data).toEqual([
      { creative_id: c1, creative_name: 'Banner', creative_type: 'image', creative_url: 'https://cdn.example/b.png' },
      { creative_id: c2, creative_name: 'Clip', creative_type: 'video', creative_url: 'https://cdn.example/c.mp4' },
    ]);

    const link = await t.post('/offer-tracking-link', { offer_id: offerId }, { token });
    expect(link.body.data).toEqual({
      base_url: `https://trk.portal.test/c/${offerId}/${publisherId}`,
      landing_page_list: [
        { landing_page_name: 'Main', landing_page_cr: lp1, default: true },
        { landing_page_name: 'Quiz', landing_page_cr: lp2, default: false },
      ],
    });
    // The tracking link names the caller's own publisher id.
    const other = await t.post('/offer-tracking-link', { offer_id: offerId }, { token: otherToken });
    expect(other.body.data.base_url).toBe(`https://trk.portal.test/c/${offerId}/${otherPublisherId}`);

    const pages = await t.post('/landing-page-list', { offer_id: offerId }, { token });
    expect(pages.body.data).toEqual([
      { id: lp1, name: 'Main', is_default: true },
      { id: lp2, name: 'Quiz', is_default: false },
    ]);

    const events = await t.post('/event-list', { offer_id: offerId }, { token });
    expect(events.body.data).toEqual([
      { event_id: baseEventId, name: 'Conversion', event_type: 'conversion' },
      { event_id: partial, name: 'Lead', event_type: 'partial' },
      { event_id: upsell, name: 'Upsell', event_type: 'upsell' },
    ]);
  });

  it('moves the default landing page when another is made default', async () => {
    const { offerId } = await createOffer(t);
    const a = await addLandingPage(t, offerId, { name: 'A' });
    const b = await addLandingPage(t, offerId, { name: 'B', is_default: true });
    const r = await t.post('/offer-tracking-link', { offer_id: offerId }, { token });
    expect(r.body.data.landing_page_list).toEqual([
      { landing_page_name: 'B', landing_page_cr: b, default: true },
      { landing_page_name: 'A', landing_page_cr: a, default: false },
    ]);
  });

  it('answers empty lists and null expiry for a bare offer', async () => {
    const { offerId } = await createOffer(t);
    expect((await t.post('/offer-creatives', { offer_id: offerId }, { token })).body).toEqual({ data: [] });
    expect((await t.post('/landing-page-list', { offer_id: offerId }, { token })).body).toEqual({ data: [] });
    const d = await t.post('/offer-details', { offer_id: offerId }, { token });
    expect(d.body.data.offer_expire_date).toBeNull();
    expect(d.body.data.offer_geos).toEqual([]);
  });

  it('shows private offers only to publishers granted them; everything else is 404 (A1)', async () => {
    const priv = await createPrivateOffer(t, [publisherId]);
    await addLandingPage(t, priv.offerId);
    await addCreative(t, priv.offerId);
    const missing = 2_000_000_000;
    for (const path of PER_OFFER_CALLS) {
      expect((await t.post(path, { offer_id: priv.offerId }, { token })).status, path).toBe(200);
      const hidden = await t.post(path, { offer_id: priv.offerId }, { token: otherToken });
      const absent = await t.post(path, { offer_id: missing }, { token: otherToken });
      expect(hidden.status, path).toBe(404);
      expect(absent.status, path).toBe(404);
      // Same answer whether the offer exists or not.
      expect(hidden.body).toEqual(absent.body);
    }
    // Revoking the grant hides it at once.
    await networkService.revoke(t.app.ctx.db, publisherId, priv.offerId);
    expect((await t.post('/offer', { offer_id: priv.offerId }, { token })).status).toBe(404);
    await networkService.grant(t.app.ctx.db, publisherId, priv.offerId);
    expect((await t.post('/offer', { offer_id: priv.offerId }, { token })).status).toBe(200);
  });

  it('validates the offer id (422) and refuses unknown fields', async () => {
    for (const body of [
      {},
      { offer_id: 'abc' },
      { offer_id: -1 },
      { offer_id: 0 },
      { offer_id: 1.5 },
      { offer_id: 1, extra: true },
    ]) {
      const r = await t.post('/offer', body, { token });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error.code).toBe('0x4220');
    }
  });

  it('answers the option lists of /search and 422 for an unknown subject', async () => {
    const status = await t.get('/search?subject=publisher_postback_status', { token });
    expect(status.body).toEqual({
      data: [
        { value: 'active', label: 'Active' },
        { value: 'inactive', label: 'Inactive' },
      ],
    });
    const type = await t.get('/search?subject=publisher_postback_type', { token });
    expect(type.body).toEqual({
      data: [
        { value: 'postback', label: 'Postback' },
        { value: 'pixel', label: 'Pixel' },
      ],
    });
    const events = await t.get('/search?subject=offer_event_type', { token });
    expect(events.body.data.map((o: { value: string }) => o.value)).toEqual(['conversion', 'partial', 'upsell']);
    expect((await t.get('/search?subject=users', { token })).status).toBe(422);
    expect((await t.get('/search', { token })).status).toBe(422);
  });

  describe('offer-list (pickers)', () => {
    it('pages through runnable offers with search, status filter and both sorts', async () => {
      const tag = `pick${crypto.randomBytes(3).toString('hex')}`;
      const adv = await createAdvertiser(t);
      const ids: number[] = [];
      for (let i = 0; i < 7; i++) {
        const o = await createOffer(t, {
          advertiser_id: adv.id,
          name: `${tag} ${['b', 'a', 'c'][i % 3]}`,
          status: i % 2 ? 'paused' : 'active',
        });
        ids.push(o.offerId);
      }
      const hidden = await createPrivateOffer(t, [otherPublisherId], { advertiser_id: adv.id, name: `${tag} hidden` });

      const { rows, pages } = await allPages(
        t,
        '/offer-list',
        { filters: {}, search: tag, limit: 2, sort: 'name', order: 1 },
        token,
      );
      expect(pages).toBe(4);
      expect(rows.map((r: any) => r.offer_id)).not.toContain(hidden.offerId);
      const expected = ids
        .map((id, i) => ({ id, name: ['b', 'a', 'c'][i % 3]! }))
        .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.id - y.id))
        .map((x) => x.id);
      expect(rows.map((r: any) => r.id)).toEqual(expected);

      const desc = await allPages(
        t,
        '/offer-list',
        { filters: {}, search: tag, limit: 3, sort: 'offer_id', order: -1 },
        token,
      );
      expect(desc.rows.map((r: any) => r.id)).toEqual([...ids].reverse());
      expect(desc.rows[0]).toEqual({
        offer_id: ids[6],
        id: ids[6],
        name: `${tag} b`,
        status: 'active',
        payout: 10,
        payout_type: 'cpa',
        preview_url: null,
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });

      const paused = await allPages(
        t,
        '/offer-list',
        { filters: { status: ['paused'] }, search: tag, limit: 5, sort: 'name', order: 1 },
        token,
      );
      expect(paused.rows).toHaveLength(3);
      expect(paused.rows.every((r: any) => r.status === 'paused')).toBe(true);

      // The other publisher sees its private offer.
      const theirs = await allPages(
        t,
        '/offer-list',
        { filters: {}, search: `${tag} hidden`, limit: 5, sort: 'name', order: 1 },
        otherToken,
      );
      expect(theirs.rows.map((r: any) => r.id)).toEqual([hidden.offerId]);
    });

    it('uses page size 20 by default and caps large limits', async () => {
      const r = await t.post('/offer-list', { filters: {}, limit: 10_000 }, { token });
      expect(r.status).toBe(200);
      expect(r.body.data.length).toBeLessThanOrEqual(100);
    });
  });
});
