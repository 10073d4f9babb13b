import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';
import { createAdvertiser, createOffer } from '../helpers/network-factories.ts';
import { click, settle } from '../helpers/tracking-factories.ts';
import { networkService, NetworkInputError } from '../../src/modules/offers/network-catalogue.service.ts';

const FORBIDDEN = ERROR_CODES.FORBIDDEN;
// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('the Offers area: list, editor, creatives, offer access, with audit entries', () => {
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
    advertiserId = (await createAdvertiser(t, { name: 'Acme Shop' })).id;
    pub = await createPublisher(t, { name: 'Console Test Publisher' });
    pubToken = await login(t, pub);
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    name: 'Summer Sale',
    advertiser_id: advertiserId,
    status: 'active',
    description: 'Sunglasses at half price.',
    preview_url: 'https://shop.example/preview',
    geos: ['us', 'DE'],
    expire_date: null,
    visibility: 'public',
    conversion_method: 'both',
    daily_cap: null,
    monthly_cap: 500,
    cap_scope: 'publisher',
    events: [{ name: 'Sale', payout: 12.5, payout_type: 'cpa', revenue: 20, revenue_type: 'cpa' }],
    landing_pages: [{ url: 'https://shop.example/summer?clickid={tid}' }],
    ...over,
  });
  const myOffers = async (search: string) =>
    (await t.post('/campaign-table', { search }, { token: pubToken })).body.data as {
      id: number;
      status: string;
      clicks_unique: number;
    }[];

  it('a viewer reads, and each write answers them 403 0x4030', async () => {
    const { offerId } = await createOffer(t, { advertiser_id: advertiserId });
    expect((await viewer.post('/offers', {})).status).toBe(200);
    expect((await viewer.get(`/offers/${offerId}`)).status).toBe(200);
    expect((await viewer.get('/offers/advertisers')).status).toBe(200);
    expect((await viewer.post('/offer-access/grants', { filters: { offer_id: offerId } })).status).toBe(200);
    expect((await viewer.post('/offer-access/requests', { filters: { publisher_id: pub.publisherId } })).status).toBe(
      200,
    );
    for (const r of [
      await viewer.post('/offers/new', form()),
      await viewer.post(`/offers/${offerId}/update`, form()),
      await viewer.post(`/offers/${offerId}/creatives/add`, { name: 'x', url: 'https://cdn.example/x.png' }),
      await viewer.post(`/offers/${offerId}/creatives/1/remove`),
      await viewer.post('/offer-access/grant', { offer_id: offerId, publisher_id: pub.publisherId }),
      await viewer.post('/offer-access/revoke', { offer_id: offerId, publisher_id: pub.publisherId }),
      await viewer.post('/offer-access/requests/1/approve'),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe(FORBIDDEN);
    }
  });

  it('the editor answers coded field errors at each field, all together', async () => {
    const r = await manager.post(
      '/offers/new',
      form({
        name: '  ',
        advertiser_id: null,
        preview_url: 'ftp://nope',
        geos: ['USA'],
        events: [
          { name: '', payout: 150, payout_type: 'revshare', revenue: 101, revenue_type: 'revshare' },
          { name: 'Lead', payout: 1, payout_type: 'cpa', revenue: 2, revenue_type: 'cpa' },
        ],
        landing_pages: [{ url: '' }, { url: 'not a url' }],
      }),
    );
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      name: { code: '0x4001', message: 'Enter the offer’s name.' },
      advertiser_id: { code: '0x4013', message: 'Select an advertiser.' },
      preview_url: { code: '0x4010', message: 'Enter an absolute http(s) URL.' },
      geos: { code: '0x4010', message: 'Regions are two-letter country codes (US, DE, …).' },
      'events.0.name': { code: '0x4001', message: 'Enter the event’s name.' },
      'events.0.payout': { code: '0x4010', message: 'A revenue share is a percentage (0-100).' },
      'events.0.revenue': { code: '0x4010', message: 'A revenue share is a percentage (0-100).' },
      'landing_pages.0.url': { code: '0x4001', message: 'Enter the landing page URL.' },
      'landing_pages.1.url': { code: '0x4010', message: 'Enter an absolute http(s) URL.' },
    });
    const none = await manager.post('/offers/new', form({ events: [], advertiser_id: 999999 }));
    expect(none.body.errors).toEqual({
      advertiser_id: { code: '0x4010', message: 'No such advertiser.' },
      events: { code: '0x4001', message: 'Add at least one event.' },
    });
    // The schema is strict: an unknown field, a bad status.
    const strict = await manager.post('/offers/new', { ...form(), status: 'live', colour: 'red' });
    expect(strict.status).toBe(422);
    expect(strict.body.errors.colour.code).toBe('0x4010');
    expect(strict.body.errors.status.code).toBe('0x4010');
    expect((await manager.get('/offers/999999')).status).toBe(404);
  });

  it('an offer made in the console reaches the publisher’s My Offers and records clicks; the save is audited', async () => {
    const r = await manager.post('/offers/new', form({ name: 'Console Summer Sale' }));
    expect(r.status).toBe(200);
    const o = r.body.data;
    expect(o).toMatchObject({
      name: 'Console Summer Sale',
      advertiser_id: advertiserId,
      advertiser_name: 'Acme Shop',
      status: 'active',
      geos: ['US', 'DE'],
      visibility: 'public',
      conversion_method: 'both',
      monthly_cap: 500,
      cap_scope: 'publisher',
      events: [{ name: 'Sale', payout: 12.5, payout_type: 'cpa', revenue: 20, revenue_type: 'cpa', is_base: true }],
      landing_pages: [{ name: 'Landing page 1', url: 'https://shop.example/summer?clickid={tid}', is_default: true }],
    });
    expect((await manager.get(`/offers/${o.id}`)).body.data).toEqual(o);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'offer.create',
      object_type: 'offer',
      object_id: String(o.id),
      before: null,
    });
    expect(entry!.after).toMatchObject({ name: 'Console Summer Sale', visibility: 'public' });

    expect(await myOffers('Console Summer Sale')).toEqual([expect.objectContaining({ id: o.id, status: 'active' })]);
    const c = await click(t, o.id, pub.publisherId);
    expect(c.status).toBe(302);
    expect(c.location).toMatch(/^https:\/\/shop\.example\/summer\?clickid=/);
    await settle(t);
    expect((await myOffers('Console Summer Sale'))[0]!.clicks_unique).toBe(1);
  });

  it('saves events and landing pages as listed: the first event is the base one, the first page the default', async () => {
    const o = (await manager.post('/offers/new', form({ name: 'Parts Offer' }))).body.data;
    const base = o.events[0];
    const page = o.landing_pages[0];
    const saved = await manager.post(
      `/offers/${o.id}/update`,
      form({
        name: 'Parts Offer',
        events: [
          { name: 'Lead', payout: 3, payout_type: 'cpa', revenue: 4, revenue_type: 'cpa' },
          { ...base, id: base.id, name: 'Sale (old)', is_base: undefined },
        ].map(({ is_base: _b, ...e }) => e),
        landing_pages: [
          { name: 'Winter', url: 'https://shop.example/winter' },
          { id: page.id, url: page.url },
        ],
      }),
    );
    expect(saved.status).toBe(200);
    const d = saved.body.data;
    expect(d.events.map((e: { name: string; is_base: boolean }) => [e.name, e.is_base])).toEqual([
      ['Lead', true],
      ['Sale (old)', false],
    ]);
    expect(d.landing_pages.map((p: { name: string; is_default: boolean }) => [p.name, p.is_default])).toEqual([
      ['Winter', true],
      ['Landing page 1', false],
    ]);
    // The offer's payout mirrors its base event (what publishers see).
    expect((await t.post('/offer', { offer_id: o.id }, { token: pubToken })).body.data.payout).toBe(3);
    // A page left out is removed; an id of another offer's event is refused at its row.
    const fewer = await manager.post(
      `/offers/${o.id}/update`,
      form({
        events: d.events.map(({ is_base: _b, ...e }: { is_base: boolean }) => e),
        landing_pages: [{ id: d.landing_pages[0].id, url: 'https://shop.example/winter' }],
      }),
    );
    expect(fewer.body.data.landing_pages).toHaveLength(1);
    const foreign = await manager.post(
      `/offers/${o.id}/update`,
      form({ events: [{ id: 1, name: 'X', payout: 1, payout_type: 'cpa', revenue: 1, revenue_type: 'cpa' }] }),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors['events.0.id'].code).toBe('0x4010');
    const [entry] = await auditRows(t);
    expect(entry!.action).toBe('offer.update');
  });

  it('visibility: private and approval-required offers, grants, requests and approvals reach clicks at once', async () => {
    const o = (await manager.post('/offers/new', form({ name: 'Gated Offer', visibility: 'private' }))).body.data;
    // Private: not in My Offers, its clicks go to the fallback.
    expect(await myOffers('Gated Offer')).toEqual([]);
    expect((await click(t, o.id, pub.publisherId)).location).not.toMatch(/shop\.example/);

    // Approval required: seen as pending; the publisher asks for access; still no clicks.
    await manager.post(`/offers/${o.id}/update`, form({ name: 'Gated Offer', visibility: 'approval_required' }));
    expect(await myOffers('Gated Offer')).toEqual([expect.objectContaining({ id: o.id, status: 'pending' })]);
    const seen = (await t.post('/offer', { offer_id: o.id }, { token: pubToken })).body.data;
    expect(seen).toMatchObject({ status: 'pending', access: 'request' });
    expect((await t.post('/offer-tracking-link', { offer_id: o.id }, { token: pubToken })).status).toBe(404);
    const asked = await t.post('/offer-request-access', { offer_id: o.id }, { token: pubToken });
    expect(asked.body.data).toEqual({ access: 'requested' });
    expect((await t.post('/offer', { offer_id: o.id }, { token: pubToken })).body.data.access).toBe('requested');
    expect((await click(t, o.id, pub.publisherId)).location).not.toMatch(/shop\.example/);

    // The console lists the request by offer and by publisher, and approves it.
    const byOffer = (await manager.post('/offer-access/requests', { filters: { offer_id: o.id } })).body.data;
    expect(byOffer).toEqual([
      expect.objectContaining({
        offer_id: o.id,
        offer_name: 'Gated Offer',
        publisher_id: pub.publisherId,
        publisher_name: 'Console Test Publisher',
        status: 'pending',
      }),
    ]);
    const byPublisher = (
      await manager.post('/offer-access/requests', { filters: { publisher_id: pub.publisherId, status: 'pending' } })
    ).body.data;
    expect(byPublisher.map((r: { id: number }) => r.id)).toContain(byOffer[0].id);
    expect((await manager.post(`/offer-access/requests/${byOffer[0].id}/approve`)).status).toBe(200);
    expect((await manager.post(`/offer-access/requests/${byOffer[0].id}/approve`)).status).toBe(422);
    expect((await auditRows(t))[0]).toMatchObject({ action: 'offer.access_approve', object_id: String(o.id) });
    expect(await myOffers('Gated Offer')).toEqual([expect.objectContaining({ id: o.id, status: 'active' })]);
    expect((await click(t, o.id, pub.publisherId)).location).toMatch(/shop\.example/);
    const grants = (await manager.post('/offer-access/grants', { filters: { publisher_id: pub.publisherId } })).body;
    expect(grants.data).toEqual([
      expect.objectContaining({ offer_id: o.id, publisher_name: 'Console Test Publisher' }),
    ]);

    // Revoke, then grant directly: each reaches the next click.
    expect((await manager.post('/offer-access/revoke', { offer_id: o.id, publisher_id: pub.publisherId })).status).toBe(
      200,
    );
    expect((await auditRows(t))[0]).toMatchObject({ action: 'offer.revoke', after: { granted: false } });
    expect((await click(t, o.id, pub.publisherId)).location).not.toMatch(/shop\.example/);
    await manager.post('/offer-access/grant', { offer_id: o.id, publisher_id: pub.publisherId });
    expect((await click(t, o.id, pub.publisherId)).location).toMatch(/shop\.example/);
    const bad = await manager.post('/offer-access/grant', { offer_id: 999999, publisher_id: 999999 });
    expect(bad.body.errors).toEqual({
      offer_id: { code: '0x4010', message: 'No such offer.' },
      publisher_id: { code: '0x4010', message: 'No such publisher.' },
    });
    // A private offer is nobody's to ask for.
    const hidden = (await manager.post('/offers/new', form({ name: 'Hidden', visibility: 'private' }))).body.data;
    expect((await t.post('/offer-request-access', { offer_id: hidden.id }, { token: pubToken })).status).toBe(404);
  });

  it('creatives: an uploaded image served from a public address, or a URL; limits answer coded errors', async () => {
    const o = (await manager.post('/offers/new', form({ name: 'Creative Offer' }))).body.data;
    const up = await manager.post(`/offers/${o.id}/creatives/add`, {
      name: 'Banner',
      image: { content_type: 'image/png', data: PNG },
    });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'Banner', type: 'image', uploaded: true });
    const file = await fetch(up.body.data.url.replace(/^https?:\/\/[^/]+/, t.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
    const link = await manager.post(`/offers/${o.id}/creatives/add`, {
      name: 'Text link',
      type: 'link',
      url: 'https://cdn.example/banner.html',
    });
    expect(link.body.data).toMatchObject({ type: 'link', uploaded: false, url: 'https://cdn.example/banner.html' });
    const listed = (await t.post('/offer-creatives', { offer_id: o.id }, { token: pubToken })).body.data;
    expect(listed.map((c: { creative_url: string }) => c.creative_url)).toEqual([
      up.body.data.url,
      'https://cdn.example/banner.html',
    ]);

    const notImage = await manager.post(`/offers/${o.id}/creatives/add`, {
      name: 'Fake',
      image: { content_type: 'image/png', data: Buffer.from('<svg/>').toString('base64') },
    });
    expect(notImage.body.errors).toEqual({
      image: { code: '0x4010', message: 'Upload a PNG, JPEG, GIF or WebP image.' },
    });
    const svg = await manager.post(`/offers/${o.id}/creatives/add`, {
      name: 'Svg',
      image: { content_type: 'image/svg+xml', data: Buffer.from('<svg/>').toString('base64') },
    });
    expect(svg.body.errors.image.code).toBe('0x4010');
    const big = Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.alloc(520 * 1024)]).toString('base64');
    const tooBig = await manager.post(`/offers/${o.id}/creatives/add`, {
      name: 'Big',
      image: { content_type: 'image/png', data: big },
    });
    expect(tooBig.status).toBe(422);
    expect(tooBig.body.errors.image).toEqual({ code: '0x4010', message: 'The image is over 512 KB.' });
    const empty = await manager.post(`/offers/${o.id}/creatives/add`, { name: '' });
    expect(empty.body.errors).toEqual({
      name: { code: '0x4001', message: 'Enter the creative’s name.' },
      url: { code: '0x4001', message: 'Upload an image or enter its URL.' },
    });

    expect((await manager.post(`/offers/${o.id}/creatives/${up.body.data.id}/remove`)).status).toBe(200);
    expect((await auditRows(t))[0]).toMatchObject({ action: 'offer.creative_remove', object_id: String(o.id) });
    expect((await fetch(up.body.data.url.replace(/^https?:\/\/[^/]+/, t.url))).status).toBe(404);
  });

  it('the list: search by name or id, filters by status, advertiser and visibility, keyset pages', async () => {
    const other = (await createAdvertiser(t, { name: 'Other Advertiser' })).id;
    const made: number[] = [];
    for (const i of [1, 2, 3])
      made.push(
        (
          await manager.post(
            '/offers/new',
            form({ name: `Listed ${i}`, advertiser_id: other, status: i === 3 ? 'paused' : 'active' }),
          )
        ).body.data.id,
      );
    const page1 = await manager.post('/offers', { filters: { advertiser_id: other }, limit: 2 });
    expect(page1.body.data.map((r: { id: number }) => r.id)).toEqual([made[2], made[1]]);
    expect(page1.body.data[0]).toMatchObject({ advertiser_name: 'Other Advertiser', status: 'paused' });
    const page2 = await manager.post('/offers', {
      filters: { advertiser_id: other },
      limit: 2,
      cursor: page1.body.cursor.next,
    });
    expect(page2.body.data.map((r: { id: number }) => r.id)).toEqual([made[0]]);
    expect(page2.body.cursor.next).toBeNull();
    const paused = await manager.post('/offers', { filters: { advertiser_id: other, status: ['paused'] } });
    expect(paused.body.data.map((r: { id: number }) => r.id)).toEqual([made[2]]);
    expect((await manager.post('/offers', { search: 'listed 2' })).body.data.map((r: { id: number }) => r.id)).toEqual([
      made[1],
    ]);
    expect((await manager.post('/offers', { search: String(made[0]) })).body.data[0].id).toBe(made[0]);
    const gated = await manager.post('/offers', { filters: { visibility: 'approval_required' } });
    expect(gated.body.data.every((r: { visibility: string }) => r.visibility === 'approval_required')).toBe(true);
    expect((await manager.post('/offers', { cursor: 'garbage' })).status).toBe(422);
  });

  it('the network service keeps the command line’s plain messages beside the coded fields', async () => {
    const err = await networkService
      .createOffer(t.app.ctx.db, { advertiser_id: advertiserId, name: 'X', payout: 150, payout_type: 'revshare' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkInputError);
    expect((err as NetworkInputError).message).toBe('payout: a revenue share payout is a percentage (0-100)');
    expect((err as NetworkInputError).fields).toEqual({
      payout: { code: '0x4010', message: 'a revenue share payout is a percentage (0-100)' },
    });
    // `is_public` still says public or private.
    const id = await networkService.createOffer(t.app.ctx.db, {
      advertiser_id: advertiserId,
      name: 'Y',
      is_public: false,
    });
    expect((await networkService.findOffer(t.app.ctx.db, id))!.visibility).toBe('private');
    // A write of `is_public` alone (older code) keeps the visibility in step, and the other way round.
    await t.app.ctx.db.updateTable('offers').set({ is_public: true }).where('id', '=', id).execute();
    expect((await networkService.findOffer(t.app.ctx.db, id))!.visibility).toBe('public');
    await t.app.ctx.db.updateTable('offers').set({ visibility: 'approval_required' }).where('id', '=', id).execute();
    expect((await networkService.findOffer(t.app.ctx.db, id))!.is_public).toBe(false);
  });
});
