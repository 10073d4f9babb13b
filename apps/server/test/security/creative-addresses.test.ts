import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';
import { createAdvertiser } from '../helpers/network-factories.ts';

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const TOKEN_ADDRESS = /\/media\/creatives\/[0-9a-f]{64}$/;

/** Uploaded creatives (docs/security.md, Creatives): a private offer's cannot be found by counting. */
describe('the address of an uploaded creative', () => {
  let t: TestApp;
  let manager: AdminClient;
  let advertiserId: number;
  let pub: PublisherFixture;
  let pubToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    advertiserId = (await createAdvertiser(t, { name: 'Creative Shop' })).id;
    pub = await createPublisher(t, { name: 'Creative Publisher' });
    pubToken = await login(t, pub);
  });
  afterAll(() => t.close());

  const form = (name: string, visibility: string) => ({
    name,
    advertiser_id: advertiserId,
    status: 'active',
    description: '',
    preview_url: null,
    geos: ['US'],
    expire_date: null,
    visibility,
    conversion_method: 'postback',
    daily_cap: null,
    monthly_cap: null,
    cap_scope: 'global',
    events: [{ name: 'Sale', payout: 5, payout_type: 'cpa', revenue: 8, revenue_type: 'cpa' }],
    landing_pages: [{ url: 'https://shop.example/?clickid={tid}' }],
  });
  async function offerWithUpload(name: string, visibility: string) {
    const made = await manager.post('/offers/new', form(name, visibility));
    expect(made.body).toMatchObject({ data: {} });
    const offer = made.body.data as { id: number };
    const up = await manager.post(`/offers/${offer.id}/creatives/add`, {
      name: 'Banner',
      image: { content_type: 'image/png', data: PNG },
    });
    expect(up.status).toBe(200);
    return { offerId: offer.id, creative: up.body.data as { id: number; url: string } };
  }
  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, t.url);
  const byNumber = (id: number) => fetch(`${t.url}/media/creatives/${id}`);

  it('a private or approval-required offer’s upload: served at its random address, not by its number', async () => {
    for (const visibility of ['private', 'approval_required']) {
      const { offerId, creative } = await offerWithUpload(`Gated ${visibility}`, visibility);
      expect(creative.url).toMatch(TOKEN_ADDRESS);
      const file = await fetch(local(creative.url));
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG, 'base64'))).toBe(true);
      const guessed = await byNumber(creative.id);
      expect(guessed.status).toBe(404);
      expect(((await guessed.json()) as { error: { code: string } }).error.code).toBe(ERROR_CODES.NOT_FOUND);
      // Neighbouring numbers find nothing either.
      expect((await byNumber(creative.id + 1)).status).toBe(404);
      // A granted publisher is given the random address.
      await manager.post('/offer-access/grant', { offer_id: offerId, publisher_id: pub.publisherId });
      const listed = (await t.post('/offer-creatives', { offer_id: offerId }, { token: pubToken })).body.data;
      expect(listed.map((c: { creative_url: string }) => c.creative_url)).toEqual([creative.url]);
    }
  });

  it('a public offer’s upload: the random address, and the older address by number still works', async () => {
    const { offerId, creative } = await offerWithUpload('Open Offer', 'public');
    expect(creative.url).toMatch(TOKEN_ADDRESS);
    expect((await fetch(local(creative.url))).status).toBe(200);
    const old = await byNumber(creative.id);
    expect(old.status).toBe(200);
    expect(old.headers.get('content-type')).toBe('image/png');
    // Once the offer is private, its number answers nothing; the random address still does.
    expect((await manager.post(`/offers/${offerId}/update`, form('Open Offer', 'private'))).status).toBe(200);
    expect((await byNumber(creative.id)).status).toBe(404);
    expect((await fetch(local(creative.url))).status).toBe(200);
  });

  it('a malformed or unknown address answers a coded error', async () => {
    expect((await fetch(`${t.url}/media/creatives/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/creatives/9999999999`)).status).toBe(404);
    const bad = await fetch(`${t.url}/media/creatives/not-a-key`);
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toMatch(/^0x4/);
  });
});
