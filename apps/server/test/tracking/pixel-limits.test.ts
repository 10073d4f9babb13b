import crypto from 'node:crypto';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import {
  clearTrackingCache,
  click,
  createTrackedOffer,
  trackingClient,
  type TrackedOffer,
} from '../helpers/tracking-factories.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';

/**
 * Unsigned pixels pay only what they prove (docs/tracking.md, Pixels): anyone holding a tid can
 * send one, so it pays the offer's base event only, at most once per click, and a publisher's
 * unsigned pixel conversions per day stop at the network's ceiling. Each attack over HTTP.
 */
describe('unsigned pixel limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PIXEL_UNSIGNED_DAILY_LIMIT: '3' });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const conversionsOf = (offerId: number) =>
    db().selectFrom('conversions').selectAll().where('offer_id', '=', offerId).orderBy('created_at').execute();
  const refusalsOf = (offerId: number) =>
    db().selectFrom('conversion_refusals').selectAll().where('offer_id', '=', offerId).orderBy('id').execute();

  async function pixel(query: string) {
    const r = await fetch(`${t.url}/pixel?${query}`, { dispatcher: trackingClient });
    await r.arrayBuffer();
    return r;
  }
  /** The advertiser's side of a signed pixel, written independently of the server's code. */
  const sign = (secret: string, query: string) =>
    `${query}&sig=${crypto.createHmac('sha256', secret).update(query).digest('hex')}`;

  /** A pixel offer with the base event Sale (10) and two more, like the demo's offer 16. */
  const pixelOffer = (o: { daily_cap?: number } = {}) =>
    createTrackedOffer(t, {
      conversion_method: 'pixel',
      payout: 10,
      ...o,
      extraEvents: [
        { name: 'Upsell', event_type: 'upsell', payout: 4 },
        { name: 'Install', event_type: 'partial', payout: 2 },
      ],
    });
  async function clickOf(offer: TrackedOffer, publisherId: number, ua = crypto.randomUUID()) {
    const c = await click(t, offer.offerId, publisherId, {}, { 'user-agent': ua });
    expect(c.status).toBe(302);
    return c.tid!;
  }

  it('an unsigned pixel pays the base event only; another event is refused with its reason, and paid when signed', async () => {
    const pub = await createPublisher(t);
    const offer = await pixelOffer();
    const tid = await clickOf(offer, pub.publisherId);
    for (const name of ['Upsell', 'Install']) {
      const r = await pixel(`tid=${tid}&event_id=${offer.events[name]}`);
      // The thank-you page never breaks: the refusal answers its image.
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/gif');
    }
    expect(await conversionsOf(offer.offerId)).toHaveLength(0);
    const refused = await refusalsOf(offer.offerId);
    expect(refused.map((x) => [x.reason, x.source, x.tid, x.event_id, x.publisher_id])).toEqual([
      ['unsigned_event', 'pixel', tid, String(offer.events['Upsell']), pub.publisherId],
      ['unsigned_event', 'pixel', tid, String(offer.events['Install']), pub.publisherId],
    ]);

    // The base event unsigned, and the other events signed by the advertiser, are paid.
    expect((await pixel(`tid=${tid}&event_id=${offer.baseEventId}`)).status).toBe(200);
    await pixel(sign(offer.pixelSecret, `tid=${tid}&event_id=${offer.events['Upsell']}`));
    await pixel(sign(offer.pixelSecret, `tid=${tid}&event_id=${offer.events['Install']}`));
    const rows = await conversionsOf(offer.offerId);
    expect(rows.map((r) => [r.event_type, r.payout]).sort()).toEqual([
      ['conversion', 10],
      ['partial', 2],
      ['upsell', 4],
    ]);
  });

  it('one click and unsigned pixels for every event make one conversion (not one per event)', async () => {
    const pub = await createPublisher(t);
    const offer = await pixelOffer();
    const tid = await clickOf(offer, pub.publisherId);
    for (const id of Object.values(offer.events)) await pixel(`tid=${tid}&event_id=${id}`);
    await pixel(`tid=${tid}`);
    const rows = await conversionsOf(offer.offerId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_id: offer.baseEventId, payout: 10, source: 'pixel' });
  });

  it('a second unsigned pixel on the same click is refused even after the base event changed', async () => {
    const pub = await createPublisher(t);
    const offer = await pixelOffer();
    const tid = await clickOf(offer, pub.publisherId);
    await pixel(`tid=${tid}`);
    // The network makes Upsell the base event: the click's unsigned pixel is spent all the same.
    await networkService.updateEvent(db(), offer.events['Upsell']!, { is_base: true });
    clearTrackingCache(t);
    const r = await pixel(`tid=${tid}`);
    expect(r.headers.get('content-type')).toBe('image/gif');
    const rows = await conversionsOf(offer.offerId);
    expect(rows.map((x) => x.event_id)).toEqual([offer.baseEventId]);
    expect((await refusalsOf(offer.offerId)).map((x) => [x.reason, x.tid])).toEqual([['pixel_repeat', tid]]);
    // The new base event is still the advertiser's to prove, with its signature.
    await pixel(sign(offer.pixelSecret, `tid=${tid}`));
    expect((await conversionsOf(offer.offerId)).map((x) => x.event_id)).toEqual([
      offer.baseEventId,
      offer.events['Upsell'],
    ]);
  });

  it("a publisher's unsigned pixel conversions stop at the daily ceiling; signed pixels and other publishers still count", async () => {
    const pub = await createPublisher(t);
    const other = await createPublisher(t);
    const offer = await pixelOffer();
    const tids = [];
    for (let i = 0; i < 5; i++) tids.push(await clickOf(offer, pub.publisherId));
    for (const tid of tids.slice(0, 4)) {
      const r = await pixel(`tid=${tid}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/gif');
    }
    expect(await conversionsOf(offer.offerId)).toHaveLength(3);
    expect((await refusalsOf(offer.offerId)).map((x) => [x.reason, x.tid, x.publisher_id])).toEqual([
      ['pixel_daily_limit', tids[3], pub.publisherId],
    ]);
    // Counted in the database, per publisher and UTC day.
    const day = new Date().toISOString().slice(0, 10);
    const count = await db()
      .selectFrom('pixel_day_counts')
      .select('count')
      .where('publisher_id', '=', pub.publisherId)
      .where('day', '=', day as never)
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(3);

    // The advertiser's signature proves the sale: past the ceiling, a signed pixel still pays.
    await pixel(sign(offer.pixelSecret, `tid=${tids[4]}`));
    expect(await conversionsOf(offer.offerId)).toHaveLength(4);
    // Another publisher has a ceiling of its own.
    await pixel(`tid=${await clickOf(offer, other.publisherId)}`);
    expect((await conversionsOf(offer.offerId)).filter((c) => c.publisher_id === other.publisherId)).toHaveLength(1);

    // The network raises this publisher's own limit: the refused click's pixel now pays.
    await db().updateTable('publishers').set({ pixel_daily_limit: 4 }).where('id', '=', pub.publisherId).execute();
    clearTrackingCache(t);
    await pixel(`tid=${tids[3]}`);
    expect((await conversionsOf(offer.offerId)).filter((c) => c.publisher_id === pub.publisherId)).toHaveLength(5);
  });

  it('a refused unsigned pixel counts nothing: a cap that refuses it leaves the ceiling and the click unspent', async () => {
    const pub = await createPublisher(t);
    const offer = await pixelOffer({ daily_cap: 1 });
    const [a, b] = [await clickOf(offer, pub.publisherId), await clickOf(offer, pub.publisherId)];
    await pixel(`tid=${a}`);
    await pixel(`tid=${b}`);
    expect((await refusalsOf(offer.offerId)).map((x) => x.reason)).toEqual(['cap_reached']);
    const claimed = await db()
      .selectFrom('unsigned_pixel_clicks')
      .select('click_id')
      .where('offer_id', '=', offer.offerId)
      .execute();
    expect(claimed.map((c) => c.click_id)).toEqual([a]);
  });
});
