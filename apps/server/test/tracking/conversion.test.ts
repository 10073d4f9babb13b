import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import {
  click,
  clearTrackingCache,
  convert,
  createTrackedOffer,
  createTrackingPostback,
  settle,
} from '../helpers/tracking-factories.ts';
import { uuidv7 } from '../../src/modules/tracking/uuid7.ts';

describe('advertiser conversions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const conversionsOf = (offerId: number) =>
    t.app.ctx.db.selectFrom('conversions').selectAll().where('offer_id', '=', offerId).execute();
  const refusals = (tid: string) =>
    t.app.ctx.db.selectFrom('conversion_refusals').selectAll().where('tid', '=', tid).execute();

  async function clicked(opts: Parameters<typeof createTrackedOffer>[1] = {}) {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, opts);
    const c = await click(t, offer.offerId, pub.publisherId, { s1: 'sub1', pub_source: 'feed' });
    expect(c.status).toBe(302);
    return { pub, offer, tid: c.tid! };
  }

  it('records a CPA conversion on the base event and answers its payout', async () => {
    const { offer, tid, pub } = await clicked({ payout: 12.5 });
    const r = await convert(t, { tid, token: offer.token, amount: '99' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, duplicate: false, payout: 12.5 });
    const [row] = await conversionsOf(offer.offerId);
    expect(row).toMatchObject({
      publisher_id: pub.publisherId,
      event_id: offer.baseEventId,
      event_type: 'conversion',
      payout: 12.5,
      sale_amount: 99,
      s1: 'sub1',
      pub_source: 'feed',
      status: 'approved',
      source: 'postback',
    });
    const c = await t.app.ctx.db
      .selectFrom('clicks')
      .select('has_conversion')
      .where('id', '=', tid)
      .executeTakeFirstOrThrow();
    expect(c.has_conversion).toBe(true);
  });

  it('pays a revenue share as a percentage of amount, per event', async () => {
    const { offer, tid } = await clicked({
      extraEvents: [
        { name: 'Rev', event_type: 'upsell', payout: 15, payout_type: 'revshare' },
        { name: 'Lead', event_type: 'partial', payout: 1.25 },
      ],
    });
    const rev = await convert(t, { tid, token: offer.token, event_id: offer.events['Rev']!, amount: '200.00' });
    expect(rev.body.payout).toBe(30);
    const lead = await convert(t, { tid, token: offer.token, event_id: offer.events['Lead']! });
    expect(lead.body.payout).toBe(1.25);
    const rows = await conversionsOf(offer.offerId);
    expect(rows.map((r) => r.event_type).sort()).toEqual(['partial', 'upsell']);
  });

  it("prices the advertiser's revenue beside the payout: an amount, or a share of the sale", async () => {
    const { offer, tid } = await clicked({
      payout: 10,
      revenue: 14.5,
      extraEvents: [
        {
          name: 'Rev',
          event_type: 'upsell',
          payout: 15,
          payout_type: 'revshare',
          revenue: 20,
          revenue_type: 'revshare',
        },
      ],
    });
    expect((await convert(t, { tid, token: offer.token })).status).toBe(200);
    const rev = await convert(t, { tid, token: offer.token, event_id: offer.events['Rev']!, amount: '200.00' });
    expect(rev.body.payout).toBe(30);
    // The advertiser's figure is the network's business: the conversion call's answer does not show it.
    expect(rev.body).not.toHaveProperty('revenue');
    const rows = await conversionsOf(offer.offerId);
    const byType = Object.fromEntries(rows.map((r) => [r.event_type, [Number(r.payout), Number(r.revenue)]]));
    expect(byType).toEqual({ conversion: [10, 14.5], upsell: [30, 40] });
  });

  it('accepts POST forms and the token as a Bearer header', async () => {
    const { offer, tid } = await clicked();
    const r = await convert(t, { tid }, { method: 'POST', headers: { authorization: `Bearer ${offer.token}` } });
    expect(r.status).toBe(200);
    expect(r.body.duplicate).toBe(false);
    const json = await fetch(`${t.url}/postback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tid, token: offer.token }),
    });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { duplicate: boolean }).duplicate).toBe(true);
  });

  it('a repeat of tid + event answers 200 duplicate and counts nothing twice', async () => {
    const { offer, tid } = await clicked();
    const first = await convert(t, { tid, token: offer.token });
    const again = await convert(t, { tid, token: offer.token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, duplicate: true, conversion_id: first.body.conversion_id });
    expect(await conversionsOf(offer.offerId)).toHaveLength(1);
  });

  it('L3: three adv_transaction_ids are three conversions; repeating one is a duplicate', async () => {
    const { offer, tid } = await clicked();
    for (const id of ['A', 'B', 'C']) {
      const r = await convert(t, { tid, token: offer.token, adv_transaction_id: id });
      expect(r.body.duplicate).toBe(false);
    }
    const repeat = await convert(t, { tid, token: offer.token, adv_transaction_id: 'B' });
    expect(repeat.body.duplicate).toBe(true);
    const rows = await conversionsOf(offer.offerId);
    expect(rows.map((r) => r.adv_transaction_id).sort()).toEqual(['A', 'B', 'C']);
  });

  it('L2: 50 parallel calls per tid/event for 10 tids: one conversion, payout, cap count and job each', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, { payout: 2, monthly_cap: 1000 });
    await createTrackingPostback(t, pub.publisherId, { value: 'https://receiver.example/pb?tid={tid}' });
    const tids: string[] = [];
    for (let i = 0; i < 10; i++)
      tids.push((await click(t, offer.offerId, pub.publisherId, { s1: `l2-${i}` }, { 'user-agent': `ua-${i}` })).tid!);
    const calls = tids.flatMap((tid) => Array.from({ length: 50 }, () => convert(t, { tid, token: offer.token })));
    const answers = await Promise.all(calls);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(10);
    const rows = await conversionsOf(offer.offerId);
    expect(rows).toHaveLength(10);
    expect(rows.reduce((s, r) => s + r.payout, 0)).toBe(20);
    const cap = await t.app.ctx.db
      .selectFrom('cap_counters')
      .select('count')
      .where('offer_id', '=', offer.offerId)
      .where('period', '=', 'month')
      .executeTakeFirstOrThrow();
    expect(cap.count).toBe(10);
    const jobs = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .select('conversion_id')
      .where('publisher_id', '=', pub.publisherId)
      .execute();
    expect(jobs).toHaveLength(10);
    expect(new Set(jobs.map((j) => j.conversion_id)).size).toBe(10);
  });

  describe('B11: refused calls are recorded with their reason and pay nothing', () => {
    it('missing token → 401', async () => {
      const { offer, tid } = await clicked();
      const r = await convert(t, { tid });
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ reason: 'missing_token', error: { code: '0x4100' } });
      expect((await refusals(tid)).map((x) => x.reason)).toEqual(['missing_token']);
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
    });

    it('wrong token, or another advertiser’s token → 403', async () => {
      const { offer, tid } = await clicked();
      const other = await createTrackedOffer(t);
      expect((await convert(t, { tid, token: 'not-a-token' })).status).toBe(403);
      const r = await convert(t, { tid, token: other.token });
      expect(r.status).toBe(403);
      expect(r.body.reason).toBe('bad_token');
      expect((await refusals(tid)).map((x) => x.reason)).toEqual(['bad_token', 'bad_token']);
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
    });

    it('unknown tid → 404 with a clear message', async () => {
      const { offer } = await clicked();
      const tid = uuidv7(new Date());
      const r = await convert(t, { tid, token: offer.token });
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe(`No click with tid ${tid} exists.`);
      expect((await convert(t, { tid: 'garbage', token: offer.token })).status).toBe(404);
      expect((await convert(t, { token: offer.token })).status).toBe(404);
      expect((await refusals(tid)).map((x) => x.reason)).toEqual(['unknown_tid']);
    });

    it('unknown event → 404', async () => {
      const { offer, tid } = await clicked();
      const r = await convert(t, { tid, token: offer.token, event_id: 999999 });
      expect(r.status).toBe(404);
      expect(r.body.reason).toBe('unknown_event');
    });

    it('a click past the lookback window → 422', async () => {
      const { offer, tid } = await clicked({ lookback_days: 1 });
      // Move the click two days back (it keeps its tid's partition key by moving created_at with it is
      // impossible, so age it through the offer's window instead).
      await t.app.ctx.db.updateTable('offers').set({ lookback_days: 1 }).where('id', '=', offer.offerId).execute();
      await settle(t);
      const old = await t.app.ctx.db.selectFrom('clicks').selectAll().where('id', '=', tid).executeTakeFirstOrThrow();
      const oldAt = new Date(new Date(old.created_at).getTime() - 2 * 86_400_000);
      const oldTid = uuidv7(oldAt);
      await t.app.ctx.db
        .insertInto('clicks')
        .values({ ...old, id: oldTid, created_at: oldAt })
        .execute();
      clearTrackingCache(t);
      const r = await convert(t, { tid: oldTid, token: offer.token });
      expect(r.status).toBe(422);
      expect(r.body.reason).toBe('lookback_expired');
      expect((await refusals(oldTid))[0]).toMatchObject({ reason: 'lookback_expired', offer_id: offer.offerId });
      expect(await conversionsOf(offer.offerId)).toHaveLength(0);
    });
  });

  describe('caps', () => {
    it('counts atomically, refuses past the cap, sends clicks to the fallback and notifies at 90 % and 100 %', async () => {
      const pub = await createPublisher(t);
      await t.app.ctx.db
        .updateTable('users')
        .set({ notification_subscriptions: ['campaign_90_cap', 'campaign_reach_cap'] })
        .where('id', '=', pub.userId)
        .execute();
      const offer = await createTrackedOffer(t, { daily_cap: 10, name: 'Capped offer' });
      const tids: string[] = [];
      for (let i = 0; i < 12; i++)
        tids.push((await click(t, offer.offerId, pub.publisherId, {}, { 'user-agent': `cap-${i}` })).tid!);
      const answers = await Promise.all(tids.map((tid) => convert(t, { tid, token: offer.token })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      const refused = answers.filter((a) => a.status === 422);
      expect(refused).toHaveLength(2);
      expect(refused[0]!.body.reason).toBe('cap_reached');
      expect(await conversionsOf(offer.offerId)).toHaveLength(10);

      const kinds = await eventually(async () => {
        const n = await t.app.ctx.db
          .selectFrom('notifications')
          .select(['kind', 'context_id'])
          .where('publisher_id', '=', pub.publisherId)
          .execute();
        return n.length === 2 ? n : null;
      });
      expect(kinds.map((k) => k.kind).sort()).toEqual(['campaign_90_cap', 'campaign_reach_cap']);
      expect(kinds.every((k) => k.context_id === offer.offerId)).toBe(true);
      await eventually(() => t.outbox().filter((m) => m.to === pub.email).length === 2);
      expect(t.outbox().map((m) => m.subject)).toEqual(
        expect.arrayContaining(['Offer cap has been reached: Capped offer']),
      );

      clearTrackingCache(t);
      const after = await click(t, offer.offerId, pub.publisherId);
      expect(after.location).toBe('https://fallback.example/offer');
      await settle(t);
      const fb = await t.app.ctx.db
        .selectFrom('click_fallbacks')
        .select('reason')
        .where('offer_id', '=', offer.offerId)
        .execute();
      expect(fb.map((f) => f.reason)).toEqual(['cap_reached']);
    });

    it('a per-publisher cap counts each publisher apart; no e-mail without a subscription', async () => {
      const a = await createPublisher(t);
      const b = await createPublisher(t);
      await t.app.ctx.db
        .updateTable('users')
        .set({ notification_subscriptions: [] })
        .where('id', 'in', [a.userId, b.userId])
        .execute();
      const offer = await createTrackedOffer(t, { daily_cap: 1, cap_scope: 'publisher' });
      const ta = (await click(t, offer.offerId, a.publisherId)).tid!;
      const tb = (await click(t, offer.offerId, b.publisherId)).tid!;
      expect((await convert(t, { tid: ta, token: offer.token })).status).toBe(200);
      expect((await convert(t, { tid: tb, token: offer.token })).status).toBe(200);
      expect((await convert(t, { tid: ta, token: offer.token, adv_transaction_id: 'second' })).body.reason).toBe(
        'cap_reached',
      );
      await eventually(() =>
        t.app.ctx.db
          .selectFrom('notifications')
          .select('id')
          .where('publisher_id', '=', b.publisherId)
          .where('kind', '=', 'campaign_reach_cap')
          .executeTakeFirst(),
      );
      expect(t.outbox().filter((m) => m.to === a.email || m.to === b.email)).toHaveLength(0);
    });
  });
});
