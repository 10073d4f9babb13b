import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { click, createTrackedOffer, settle, trackingClient } from '../helpers/tracking-factories.ts';

/**
 * The tracking endpoints' parameters are lenient (docs/tracking.md): a parameter the portal does
 * not read passes through, a repeated one or one of another type is none, and nothing is refused
 * for its parameters alone; text values are sanitised alike on every endpoint.
 */
describe('tracking parameters', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = async (pathAndQuery: string) => {
    const res = await fetch(`${t.url}${pathAndQuery}`, { redirect: 'manual', dispatcher: trackingClient });
    const text = await res.text();
    return { status: res.status, location: res.headers.get('location'), text };
  };

  it('a click with a repeated sub ID and unknown parameters is stored and redirected, the repeated one as none', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const r = await get(
      `/c/${offer.offerId}/${pub.publisherId}?s1=a&s1=b&s2=%20two%20&cr=1&cr=2&utm_source=x&nested[a]=1&pub_source=${'p'.repeat(300)}`,
    );
    expect(r.status).toBe(302);
    const tid = new URL(r.location!).searchParams.get('clickid')!;
    await settle(t);
    const row = await t.app.ctx.db.selectFrom('clicks').selectAll().where('id', '=', tid).executeTakeFirstOrThrow();
    expect([row.s1, row.s2, row.pub_source]).toEqual([null, 'two', 'p'.repeat(255)]);
    expect(row.landing_page_id).toBe(offer.landingPageIds[0]);
  });

  it('a conversion call keeps its text parameters as a click does: NUL dropped, trimmed, cut; unknown ones ignored', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const c = await click(t, offer.offerId, pub.publisherId);
    const qs = new URLSearchParams({
      tid: c.tid!,
      token: offer.token,
      adv_s1: ' a\u0000b ',
      adv_s2: 'x'.repeat(300),
      adv_transaction_id: ' order-1 ',
      their_own: 'kept out',
    });
    const r = await get(`/postback?${qs.toString()}&adv_s3=one&adv_s3=two`);
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ success: true, duplicate: false });
    const row = await t.app.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('offer_id', '=', offer.offerId)
      .executeTakeFirstOrThrow();
    expect([row.adv_s1, row.adv_s2, row.adv_s3]).toEqual(['ab', 'x'.repeat(255), null]);
    expect(row.adv_transaction_id).toBe('order-1');
  });

  it('a conversion call refused for its values keeps its answer (a bad amount, a missing tid)', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, { payout_type: 'revshare', payout: 10 });
    const c = await click(t, offer.offerId, pub.publisherId);
    const bad = await get(`/postback?tid=${c.tid}&token=${offer.token}&amount=-1`);
    expect(bad.status).toBe(422);
    expect(JSON.parse(bad.text)).toMatchObject({ reason: 'bad_request', error: { code: '0x4220' } });
    const none = await get(`/postback?token=${offer.token}&tid=a&tid=b`);
    expect(none.status).toBe(404);
    expect(JSON.parse(none.text)).toMatchObject({ reason: 'unknown_tid', error: { code: '0x4040' } });
  });

  it('a pixel with unknown and repeated parameters still answers its image', async () => {
    const r = await get('/pixel?tid=a&tid=b&foo=bar');
    expect(r.status).toBe(200);
  });
});
