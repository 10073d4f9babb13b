import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createAdvertiser } from '../helpers/network-factories.ts';

const HOSTILE =
  '<p>Half <b>price</b> <a href="https://shop.example/sale">sale</a></p>' +
  '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>' +
  '<svg onload="alert(4)"></svg><iframe src="https://evil.example"></iframe><p onclick="alert(5)" style="color:red">y</p>';

/** An offer's description is HTML publishers are shown (docs/security.md): sanitised before it is stored. */
describe('offer descriptions', () => {
  let t: TestApp;
  let manager: AdminClient;
  let advertiserId: number;
  let pubToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    manager = (await signedInOperator(t, 'manager')).api;
    advertiserId = (await createAdvertiser(t, { name: 'Description Shop' })).id;
    pubToken = await login(t, await createPublisher(t, { name: 'Description Publisher' }));
  });
  afterAll(() => t.close());

  const form = (name: string, description: string) => ({
    name,
    advertiser_id: advertiserId,
    status: 'active',
    description,
    preview_url: null,
    geos: ['US'],
    expire_date: null,
    visibility: 'public',
    conversion_method: 'postback',
    daily_cap: null,
    monthly_cap: null,
    cap_scope: 'global',
    events: [{ name: 'Sale', payout: 5, payout_type: 'cpa', revenue: 8, revenue_type: 'cpa' }],
    landing_pages: [{ url: 'https://shop.example/?clickid={tid}' }],
  });
  const expectClean = (html: string) => {
    expect(html).toContain('<b>price</b>');
    expect(html).toContain('href="https://shop.example/sale"');
    for (const bad of ['<script', 'onerror', 'javascript:', '<svg', 'onload', '<iframe', 'onclick', 'style=', 'alert'])
      expect(html).not.toContain(bad);
  };
  const stored = async (id: number) =>
    (await t.app.ctx.db.selectFrom('offers').select('description').where('id', '=', id).executeTakeFirstOrThrow())
      .description;

  it('a script in a description saved in the console is never stored nor shown to publishers', async () => {
    const made = await manager.post('/offers/new', form('Hostile Offer', HOSTILE));
    expect(made.status).toBe(200);
    const id = (made.body.data as { id: number }).id;
    expectClean(await stored(id));
    expectClean((await manager.get(`/offers/${id}`)).body.data.description);
    expectClean((await t.post('/offer', { offer_id: id }, { token: pubToken })).body.data.description);
    expectClean((await t.post('/offer-details', { offer_id: id }, { token: pubToken })).body.data.offer_description);

    // The save of an existing offer too.
    expect((await manager.post(`/offers/${id}/update`, form('Hostile Offer', `<p>New</p>${HOSTILE}`))).status).toBe(
      200,
    );
    expectClean(await stored(id));
    expect(await stored(id)).toMatch(/^<p>New<\/p>/);
  });

  it('plain text and safe formatting are kept as written', async () => {
    const text = 'Sunglasses at half price, for the summer.';
    const id = (await manager.post('/offers/new', form('Plain Offer', text))).body.data.id as number;
    expect(await stored(id)).toBe(text);
    expect((await t.post('/offer-details', { offer_id: id }, { token: pubToken })).body.data.offer_description).toBe(
      text,
    );
  });

  it('a description stored raw by other code is sanitised when a publisher reads it', async () => {
    const id = (await manager.post('/offers/new', form('Old Offer', 'x'))).body.data.id as number;
    await t.app.ctx.db.updateTable('offers').set({ description: HOSTILE }).where('id', '=', id).execute();
    expectClean((await t.post('/offer-details', { offer_id: id }, { token: pubToken })).body.data.offer_description);
  });
});
