import crypto from 'node:crypto';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import {
  click,
  convert,
  createTrackedOffer,
  trackingClient,
  type TrackedOfferOptions,
} from '../helpers/tracking-factories.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';
import { findRefusals } from '../../src/modules/tracking/conversion-refusals.ts';

/**
 * Conversions nobody can mint, steal or loop (docs/tracking.md): each attack of the security review as
 * a test. A pixel carries no secret, so it is limited to what it can prove; an order id stays with
 * the click an authenticated call recorded it for.
 */
describe('conversion integrity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const conversionsOf = (offerId: number) =>
    db().selectFrom('conversions').selectAll().where('offer_id', '=', offerId).orderBy('created_at').execute();
  const refusalsOf = (offerId: number) =>
    db().selectFrom('conversion_refusals').selectAll().where('offer_id', '=', offerId).orderBy('id').execute();

  async function clicked(o: TrackedOfferOptions, visitor = 'ua-1') {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, o);
    const c = await click(t, offer.offerId, pub.publisherId, { s1: 'sub' }, { 'user-agent': visitor });
    expect(c.status).toBe(302);
    return { pub, offer, tid: c.tid! };
  }

  async function pixel(query: string, headers: Record<string, string> = {}) {
    const r = await fetch(`${t.url}/pixel?${query}`, { headers, dispatcher: trackingClient });
    await r.arrayBuffer();
    return r;
  }

  /** The advertiser's side of a signed pixel, written independently of the server's code. */
  const sign = (secret: string, query: string) =>
    `${query}&sig=${crypto.createHmac('sha256', secret).update(query).digest('hex')}`;

  describe('pixel conversions', () => {
    it('three pixel calls with their own order ids and a huge amount make one conversion at the event payout, no amount', async () => {
      const { offer, tid } = await clicked({ conversion_method: 'pixel', payout: 30, payout_type: 'revshare' });
      for (const id of ['x1', 'x2', 'x3']) {
        const r = await pixel(`tid=${tid}&amount=1000000000&adv_transaction_id=${id}`);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/gif');
      }
      const rows = await conversionsOf(offer.offerId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ source: 'pixel', payout: 0, sale_amount: null, adv_transaction_id: 'x1' });
      // The order ids claimed nothing: no key but the click's own.
      const keys = await db()
        .selectFrom('conversion_keys')
        .select('dedup_key')
        .where('offer_id', '=', offer.offerId)
        .execute();
      expect(keys.map((k) => k.dedup_key)).toEqual([`tid:${tid}:${offer.baseEventId}`]);
    });

    it('a CPA pixel pays the event payout once per click and event', async () => {
      const { offer, tid } = await clicked({
        conversion_method: 'pixel',
        payout: 7,
        extraEvents: [{ name: 'Upsell', event_type: 'upsell', payout: 2 }],
      });
      await pixel(`tid=${tid}&amount=99999`);
      await pixel(`tid=${tid}`);
      // An event other than the base one is paid only from a query the advertiser signed.
      await pixel(sign(offer.pixelSecret, `tid=${tid}&event_id=${offer.events['Upsell']}`));
      await pixel(sign(offer.pixelSecret, `tid=${tid}&event_id=${offer.events['Upsell']}&adv_transaction_id=again`));
      const rows = await conversionsOf(offer.offerId);
      expect(rows.map((r) => [r.event_type, r.payout]).sort()).toEqual([
        ['conversion', 7],
        ['upsell', 2],
      ]);
    });

    it('an amount counts only when the advertiser signed the query with its pixel secret', async () => {
      const { offer, tid } = await clicked({ conversion_method: 'pixel', payout: 30, payout_type: 'revshare' });
      const r = await pixel(sign(offer.pixelSecret, `tid=${tid}&amount=200.00&adv_transaction_id=ORD-1`));
      expect(r.status).toBe(200);
      const [row] = await conversionsOf(offer.offerId);
      expect(row).toMatchObject({ payout: 60, sale_amount: 200, adv_transaction_id: 'ORD-1' });
    });

    it('a bad signature, another advertiser’s signature or a parameter after sig records nothing', async () => {
      const { offer, tid } = await clicked({ conversion_method: 'pixel', payout: 30, payout_type: 'revshare' });
      const other = await createTrackedOffer(t);
      const signed = sign(offer.pixelSecret, `tid=${tid}&amount=200`);
      for (const q of [
        signed.replace(/sig=.{4}/, 'sig=0000'),
        sign(other.pixelSecret, `tid=${tid}&amount=200`),
        `${signed}&amount=900000`,
        signed.replace('amount=200', 'amount=900000'),
        `tid=${tid}&amount=200&sig=`,
      ]) {
        const r = await pixel(q);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/gif');
      }
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
      expect((await refusalsOf(offer.offerId)).map((x) => x.reason)).toEqual(Array(5).fill('bad_signature'));
    });

    it('an offer that takes server postbacks only records no pixel, answers its image and records the refusal', async () => {
      const { offer, tid } = await clicked({});
      const r = await pixel(`tid=${tid}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/gif');
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
      expect(await refusalsOf(offer.offerId)).toEqual([
        expect.objectContaining({ reason: 'pixel_not_allowed', source: 'pixel', tid }),
      ]);
      // Its advertiser's server postback still works.
      expect((await convert(t, { tid, token: offer.token })).status).toBe(200);
    });

    it('an offer that takes pixels only refuses server postbacks with a plain reason', async () => {
      const { offer, tid } = await clicked({ conversion_method: 'pixel' });
      const r = await convert(t, { tid, token: offer.token });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({
        reason: 'postback_not_allowed',
        error: { message: expect.stringContaining('pixel conversions only') },
      });
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
    });
  });

  describe('cookie stuffing', () => {
    it('the click cookie is set for a visitor following the link, not for a link loaded as an image or frame', async () => {
      const pub = await createPublisher(t);
      const offer = await createTrackedOffer(t, { conversion_method: 'pixel' });
      const followed = await click(
        t,
        offer.offerId,
        pub.publisherId,
        {},
        { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
      );
      expect(followed.cookie).toMatch(/^ptid=/);
      for (const dest of ['image', 'iframe', 'script']) {
        const loaded = await click(
          t,
          offer.offerId,
          pub.publisherId,
          {},
          { 'sec-fetch-dest': dest, 'user-agent': `stuffer-${dest}` },
        );
        expect(loaded.status).toBe(302);
        expect(loaded.cookie).toBeNull();
      }
      // The stuffing page's pixel has no cookie and no tid: nothing is recorded.
      const r = await pixel('');
      expect(r.headers.get('content-type')).toBe('image/gif');
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
    });
  });

  describe('order ids stay with their click', () => {
    it('a pixel’s order id does not steal the sale an authenticated call records for another click', async () => {
      const { offer, tid: a } = await clicked({ conversion_method: 'both', payout: 20 }, 'visitor-a');
      const pubB = await createPublisher(t);
      const b = (await click(t, offer.offerId, pubB.publisherId, {}, { 'user-agent': 'visitor-b' })).tid!;

      await pixel(`tid=${a}&adv_transaction_id=ORDER-777`);
      const r = await convert(t, { tid: b, token: offer.token, adv_transaction_id: 'ORDER-777' });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ success: true, duplicate: false, payout: 20 });
      const rows = await conversionsOf(offer.offerId);
      expect(rows.map((x) => [x.click_id, x.publisher_id, x.source])).toEqual([
        [a, expect.any(Number), 'pixel'],
        [b, pubB.publisherId, 'postback'],
      ]);
    });

    it('the same order id for another click answers 409 and is recorded as a refusal; for the same click it is a duplicate', async () => {
      const { offer, tid: a } = await clicked({}, 'visitor-a');
      const b = (
        await click(t, offer.offerId, (await createPublisher(t)).publisherId, {}, { 'user-agent': 'visitor-b' })
      ).tid!;
      const first = await convert(t, { tid: a, token: offer.token, adv_transaction_id: 'ORD-5' });
      expect(first.body.duplicate).toBe(false);
      const stolen = await convert(t, { tid: b, token: offer.token, adv_transaction_id: 'ORD-5' });
      expect(stolen.status).toBe(409);
      expect(stolen.body).toMatchObject({
        reason: 'transaction_conflict',
        error: { code: '0x4090', message: expect.stringContaining('ORD-5') },
      });
      expect(stolen.body.conversion_id).toBeUndefined();
      const again = await convert(t, { tid: a, token: offer.token, adv_transaction_id: 'ORD-5' });
      expect(again.body).toMatchObject({ duplicate: true, conversion_id: first.body.conversion_id });
      expect(await conversionsOf(offer.offerId)).toHaveLength(1);
      expect(await refusalsOf(offer.offerId)).toEqual([
        expect.objectContaining({ reason: 'transaction_conflict', tid: b, adv_transaction_id: 'ORD-5' }),
      ]);
    });

    it('concurrent calls with one order id for two clicks: one recorded, the other refused', async () => {
      const { offer, tid: a } = await clicked({}, 'visitor-a');
      const b = (
        await click(t, offer.offerId, (await createPublisher(t)).publisherId, {}, { 'user-agent': 'visitor-b' })
      ).tid!;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          convert(t, { tid: i % 2 ? a : b, token: offer.token, adv_transaction_id: 'RACE-1' }),
        ),
      );
      const rows = await conversionsOf(offer.offerId);
      expect(rows).toHaveLength(1);
      const winner = rows[0]!.click_id;
      for (const [i, r] of answers.entries()) {
        const tid = i % 2 ? a : b;
        if (tid === winner) expect(r.status).toBe(200);
        else expect(r.status).toBe(409);
      }
    });

    it('an authenticated call with the order id a pixel already recorded for that click confirms it, not a second sale', async () => {
      const { offer, tid } = await clicked({ conversion_method: 'both', payout: 5 });
      await pixel(`tid=${tid}&adv_transaction_id=ORD-9`);
      const [pixelConversion] = await conversionsOf(offer.offerId);
      const r = await convert(t, { tid, token: offer.token, adv_transaction_id: 'ORD-9' });
      expect(r.body).toMatchObject({ success: true, duplicate: true, conversion_id: pixelConversion!.id });
      // A different order on the same click is a sale of its own.
      expect((await convert(t, { tid, token: offer.token, adv_transaction_id: 'ORD-10' })).body.duplicate).toBe(false);
      expect(await conversionsOf(offer.offerId)).toHaveLength(2);
    });
  });
});

describe('refused tracking calls are throttled per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRACKING_REFUSAL_LIMIT: '20' });
  });
  afterAll(() => t.close());

  it('300 bad-token calls: 20 refusals recorded one by one, the rest answer 429 and are summed; an accepted call is never refused', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const answers = [];
    for (let i = 0; i < 300; i++) answers.push(await convert(t, { tid: 'x', token: `wrong-${i}` }));
    expect(answers.slice(0, 20).every((a) => a.status === 403)).toBe(true);
    const throttled = answers.slice(20);
    expect(throttled.every((a) => a.status === 429 && a.body.error.code === '0x4290')).toBe(true);
    const retryAfter = Number(throttled[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The address's own good conversion goes through, and so does its click.
    const c = await click(t, offer.offerId, pub.publisherId);
    expect(c.status).toBe(302);
    const ok = await convert(t, { tid: c.tid!, token: offer.token });
    expect(ok.status).toBe(200);
    expect(ok.body.duplicate).toBe(false);
    // So does a pixel of a pixel offer, answered as an image even while throttled.
    const px = await fetch(`${t.url}/pixel?tid=nope`, { dispatcher: trackingClient });
    expect(px.status).toBe(429);
    expect(px.headers.get('content-type')).toBe('image/gif');

    await t.app.ctx.db.deleteFrom('conversion_refusals').where('reason', '=', 'unknown_tid').execute();
    const rows = await t.app.ctx.db
      .selectFrom('conversion_refusals')
      .selectAll()
      .where('reason', '=', 'bad_token')
      .execute();
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.count === 1)).toBe(true);
    await trackingEngine(t.app.ctx).refusals.flush();
    const summed = await t.app.ctx.db
      .selectFrom('conversion_refusals')
      .selectAll()
      .where('reason', '=', 'bad_token')
      .where('count', '>', 1)
      .execute();
    expect(summed).toEqual([expect.objectContaining({ count: 280, ip: '127.0.0.1', source: 'postback' })]);
    // The operator sees every one of them, by reason (conversion:refusals).
    const seen = await findRefusals(t.app.ctx.db, { since: new Date(Date.now() - 3600_000), limit: 5 });
    expect(seen.byReason).toContainEqual({ reason: 'bad_token', refusals: 300 });
  });
});
