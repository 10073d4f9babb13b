import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { insertClicks, insertConversion } from '../helpers/network-factories.ts';
import { adminClient, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { rebuildRollups } from '../../src/modules/events/events.service.ts';

/**
 * The Overview's network figures, failing receivers and refusals (docs/operator-console.md,
 * Overview), from a controlled network: every click and conversion of today made through the
 * tracking endpoints, and a few stored on other days of the month and the month before.
 */

const DAY = 86_400_000;
const BASE_MS = 60_000;

describe('the Overview: the network today and month to date, failing receivers, refusals', () => {
  let t: TestApp;
  let api: AdminClient;
  const receivers: Receiver[] = [];
  let resetRx: Receiver;
  let errorRx: Receiver;
  let pubA: Awaited<ReturnType<typeof createPublisher>>;
  let pubB: Awaited<ReturnType<typeof createPublisher>>;
  let pubC: Awaited<ReturnType<typeof createPublisher>>;
  let earlierThisMonth: boolean;

  const overview = async () => {
    const r = await api.get('/overview');
    expect(r.status).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_TIMEOUT_MS: '2000',
      // One attempt: a failed delivery marks its postback failing at once.
      POSTBACK_MAX_ATTEMPTS: '1',
      POSTBACK_RETRY_BASE_MS: String(BASE_MS),
      SHUTDOWN_TIMEOUT_SECONDS: '1',
    });
    api = (await signedInOperator(t, 'viewer')).api;
    for (let i = 0; i < 3; i++) receivers.push(await startReceiver());
    [resetRx, errorRx] = receivers as [Receiver, Receiver];
    resetRx.behave((req) => req.socket.destroy()); // a reset connection: the receiver backs off
    errorRx.behave((_req, res) => {
      res.statusCode = 500; // an answer at once: only the delivery fails
      res.end('no');
    });

    pubA = await createPublisher(t, { name: 'Alpha Media', timezone: 'UTC' });
    pubB = await createPublisher(t, { name: 'Beta Traffic' });
    pubC = await createPublisher(t, { name: 'Gamma Ads' });
    // $10 payout, $13.50 revenue per sale; an upsell at 5 % of the sale, revenue 9 %.
    const offer = await createTrackedOffer(t, {
      payout: 10,
      revenue: 13.5,
      extraEvents: [
        {
          name: 'Upsell',
          event_type: 'upsell',
          payout: 5,
          payout_type: 'revshare',
          revenue: 9,
          revenue_type: 'revshare',
        },
      ],
    });
    // No revenue set: what the advertiser pays is 0, the margin of its sales negative.
    const thin = await createTrackedOffer(t, { payout: 4 });
    await createTrackingPostback(t, pubA.publisherId, {
      name: 'Alpha S2S',
      value: `${resetRx.url}/a?c={conversion_id}`,
    });
    await createTrackingPostback(t, pubB.publisherId, {
      name: 'Beta S2S',
      value: `${errorRx.url}/b?c={conversion_id}`,
    });
    await createTrackingPostback(t, pubC.publisherId, { name: 'Gamma S2S', value: `${receivers[2]!.url}/g` });

    // Today, through /c and /postback: 6 clicks, 3 sales, 1 upsell.
    const a1 = await click(t, offer.offerId, pubA.publisherId);
    await click(t, offer.offerId, pubA.publisherId, {}, { 'user-agent': 'second' });
    const b1 = await click(t, offer.offerId, pubB.publisherId);
    const b2 = await click(t, thin.offerId, pubB.publisherId);
    const c1 = await click(t, offer.offerId, pubC.publisherId);
    await click(t, thin.offerId, pubC.publisherId);
    const sale = async (tid: string | null, token: string, extra: Record<string, string | number> = {}) =>
      expect((await convert(t, { tid: tid!, token, ...extra })).status).toBe(200);
    await sale(a1.tid, offer.token);
    await sale(a1.tid, offer.token, { event_id: offer.events['Upsell']!, amount: '200.00' });
    await sale(b1.tid, offer.token);
    await sale(b2.tid, thin.token);
    await sale(c1.tid, offer.token);

    // Refused calls: two bad tokens, one without a token, one unknown tid; and one of two days ago.
    expect((await convert(t, { tid: a1.tid!, token: 'nope' })).status).toBe(403);
    expect((await convert(t, { tid: b1.tid!, token: 'wrong' })).status).toBe(403);
    expect((await convert(t, { tid: a1.tid! })).status).toBe(401);
    expect((await convert(t, { tid: '019aa0f2-7c3b-7000-8000-00000000dead', token: offer.token })).status).toBe(404);
    await t.app.ctx.db
      .insertInto('conversion_refusals')
      .values({ reason: 'cap_reached', created_at: new Date(Date.now() - 2 * DAY), source: 'postback' })
      .execute();

    // Stored events of other days: yesterday (this month unless today is the 1st) and last month.
    const now = new Date();
    const yesterday = new Date(Date.now() - DAY);
    earlierThisMonth = yesterday.getUTCMonth() === now.getUTCMonth();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 3 * DAY);
    for (const at of [yesterday, lastMonth]) {
      await insertClicks(t, [
        { publisherId: pubA.publisherId, offerId: offer.offerId, at },
        { publisherId: pubB.publisherId, offerId: offer.offerId, at },
      ]);
      await insertConversion(t, {
        publisherId: pubB.publisherId,
        offerId: offer.offerId,
        advertiserId: offer.advertiserId,
        eventId: offer.baseEventId,
        at,
        payout: 10,
        revenue: 13.5,
      });
      // Not approved: counts nowhere.
      await insertConversion(t, {
        publisherId: pubB.publisherId,
        offerId: offer.offerId,
        advertiserId: offer.advertiserId,
        eventId: offer.baseEventId,
        at,
        payout: 10,
        revenue: 13.5,
        status: 'rejected',
      });
    }

    // The deliveries have been tried: A's receiver backs off, B's postback is marked failing.
    await eventually(async () => {
      const rows = await t.app.ctx.db
        .selectFrom('postbacks')
        .select('failing_since')
        .where('failing_since', 'is not', null)
        .execute();
      return rows.length === 2;
    }, 20_000);
    await eventually(() => receivers[2]!.requests.length >= 1, 20_000);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    for (const r of receivers) await r.close();
  });

  it("counts today's clicks, conversions, revenue, payout and margin of every publisher (UTC days)", async () => {
    const o = await overview();
    const today = new Date().toISOString().slice(0, 10);
    expect(o.network).toMatchObject({ timezone: 'UTC', today, month_start: `${today.slice(0, 8)}01` });
    expect(Date.now() - new Date(o.network.data_as_of).getTime()).toBeLessThan(60_000);
    // Sales: 3 × $10 payout and $13.50 revenue, 1 × $4 and $0; the upsell: 5 % and 9 % of $200.
    expect(o.network.today_figures).toEqual({
      clicks: 6,
      conversions: 4,
      partials: 0,
      upsells: 1,
      payout: 44,
      revenue: 58.5,
      margin: 14.5,
    });
  });

  it('adds the earlier days of the month, not the month before, nor conversions not approved', async () => {
    const o = await overview();
    const earlier = earlierThisMonth
      ? { clicks: 2, conversions: 1, payout: 10, revenue: 13.5 }
      : { clicks: 0, conversions: 0, payout: 0, revenue: 0 };
    expect(o.network.month_to_date).toEqual({
      clicks: 6 + earlier.clicks,
      conversions: 4 + earlier.conversions,
      partials: 0,
      upsells: 1,
      payout: 44 + earlier.payout,
      revenue: 58.5 + earlier.revenue,
      margin: 14.5 + earlier.revenue - earlier.payout,
    });
  });

  it('reads the same figures after the rollups are rebuilt from the raw rows', async () => {
    const before = (await overview()).network;
    const now = new Date();
    const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    await rebuildRollups(t.app.ctx.db, from, to);
    const after = (await overview()).network;
    expect(after.today_figures).toEqual(before.today_figures);
    expect(after.month_to_date).toEqual(before.month_to_date);
  });

  it("leaves the publishers' own reports as they were: their earnings, no revenue", async () => {
    const session = await login(t, pubA);
    const today = new Date().toISOString().slice(0, 10);
    const r = await t.post(
      '/report-total/daily',
      { filters: { date_range: { start: today, end: today } } },
      { token: session },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ clicks: 2, conversions: 1, upsells: 1, earnings: 20 });
    expect(JSON.stringify(r.body)).not.toContain('revenue');
  });

  it('lists failing receivers: backing off, or with postbacks marked failing; a working one is not there', async () => {
    const o = await overview();
    expect(o.failing_receivers.count).toBe(2);
    const [first, second] = o.failing_receivers.receivers;
    const byPublisher = Object.fromEntries(o.failing_receivers.receivers.map((r: any) => [r.publisher_id, r]));
    const a = byPublisher[pubA.publisherId];
    expect(a).toMatchObject({
      publisher_name: 'Alpha Media',
      host: new URL(resetRx.url).host,
      failures: 1,
      failing_postbacks: ['Alpha S2S'],
    });
    // The sale's and the upsell's deliveries were both in flight as the round began (nothing
    // waits), or the upsell's was claimed later and waits for the back-off's end.
    expect([null, a.backing_off_until]).toContain(a.next_attempt_at);
    // Backing off for the retry base (one round, not two), from its failure on; a loaded machine
    // may take a few seconds between the failure's record and the postback's.
    const until = new Date(a.backing_off_until).getTime();
    expect(until).toBeGreaterThan(Date.now());
    expect(until - new Date(a.failing_since).getTime()).toBeGreaterThanOrEqual(BASE_MS - 5000);
    expect(until - new Date(a.failing_since).getTime()).toBeLessThanOrEqual(BASE_MS + 5000);
    expect(byPublisher[pubB.publisherId]).toMatchObject({
      publisher_name: 'Beta Traffic',
      host: new URL(errorRx.url).host,
      failures: 0,
      backing_off_until: null,
      next_attempt_at: null,
      failing_postbacks: ['Beta S2S'],
    });
    // Longest failing first.
    expect(new Date(first.failing_since).getTime()).toBeLessThanOrEqual(new Date(second.failing_since).getTime());
  });

  it("names when a receiver that backs off is tried next: its waiting delivery, not before the back-off's end", async () => {
    const tried = resetRx.requests.length;
    const offer = await createTrackedOffer(t);
    const c = await click(t, offer.offerId, pubA.publisherId);
    expect((await convert(t, { tid: c.tid!, token: offer.token })).status).toBe(200);
    const o = await overview();
    const a = o.failing_receivers.receivers.find((r: any) => r.publisher_id === pubA.publisherId);
    expect(a.next_attempt_at).toBe(a.backing_off_until);
    // Not tried meanwhile: it waits for the back-off's end.
    await new Promise((r) => setTimeout(r, 300));
    expect(resetRx.requests).toHaveLength(tried);
  });

  it('counts refused conversion calls of the last 24 hours by reason, most first', async () => {
    const o = await overview();
    expect(Date.now() - DAY - new Date(o.refusals.since).getTime()).toBeLessThan(60_000);
    expect(o.refusals).toMatchObject({
      total: 4,
      by_reason: [
        { reason: 'bad_token', refusals: 2 },
        { reason: 'missing_token', refusals: 1 },
        { reason: 'unknown_tid', refusals: 1 },
      ],
    });
  });

  it('answers every operator role, and no publisher token', async () => {
    const manager = (await signedInOperator(t, 'manager')).api;
    expect((await manager.get('/overview')).status).toBe(200);
    const session = await login(t, pubA);
    expect((await adminClient(t, session).get('/overview')).status).toBe(401);
    expect((await adminClient(t, null).get('/overview')).status).toBe(401);
  });

  it("a reversed conversion leaves the network's figures: its payout and revenue taken back", async () => {
    const before = (await overview()).network.today_figures;
    const manager = (await signedInOperator(t, 'manager')).api;
    const found = await manager.post('/conversions', { filters: { publisher_id: pubC.publisherId } });
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    const r = await manager.post(`/conversions/${found.body.data[0].id}/reverse`, { reason: 'chargeback' });
    expect(r.status).toBe(200);
    const after = (await overview()).network.today_figures;
    expect(after).toEqual({
      ...before,
      conversions: before.conversions - 1,
      payout: before.payout - 10,
      revenue: before.revenue - 13.5,
      margin: before.margin - 3.5,
    });
  });
});
