import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';

const ALL_MACROS =
  'pub_id={pub_id}&pub_name={pub_name}&s1={s1}&s2={s2}&s3={s3}&s4={s4}&s5={s5}&pub_s1={pub_s1}&pub_s2={pub_s2}&pub_s3={pub_s3}&pub_s4={pub_s4}&pub_s5={pub_s5}' +
  '&pub_source={pub_source}&pub_click_id={pub_click_id}&adv_transaction_id={adv_transaction_id}&tid={tid}&adv_s1={adv_s1}&adv_s2={adv_s2}&adv_s3={adv_s3}&adv_s4={adv_s4}&adv_s5={adv_s5}' +
  '&offer_id={offer_id}&offer_name={offer_name}&event_id={event_id}&eid={eid}&session_id={session_id}&conversion_id={conversion_id}' +
  '&conversion_datetime={conversion_datetime}&conversion_date={conversion_date}&conversion_time={conversion_time}&conversion_earnings={conversion_earnings}&conversion_status={conversion_status}&price={price}&random={random}';

async function deliveries(t: TestApp, postbackId: number) {
  return t.app.ctx.db.selectFrom('postback_deliveries').selectAll().where('postback_id', '=', postbackId).execute();
}
async function attempts(t: TestApp, postbackId: number) {
  return t.app.ctx.db
    .selectFrom('postback_attempts')
    .selectAll()
    .where('postback_id', '=', postbackId)
    .orderBy('id')
    .execute();
}

describe('publisher postback delivery', () => {
  let t: TestApp;
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver();
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_RETRY_BASE_MS: '20',
      POSTBACK_TIMEOUT_MS: '1000',
      POSTBACK_MAX_ATTEMPTS: '3',
    });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  /** A publisher, an offer with one postback to the receiver at `path`, and a converted click. */
  async function converted(
    path: string,
    behave?: Parameters<Receiver['behave']>[0],
    query: Record<string, string> = {},
  ) {
    rx.requests.length = 0;
    rx.behave(behave ?? ((_q, res) => res.end('ok')));
    const pub = await createPublisher(t, { name: 'Pub & Co' });
    const offer = await createTrackedOffer(t, {
      name: 'Offer/Ü',
      extraEvents: [{ name: 'Upsell', event_type: 'upsell', payout: 2.5 }],
    });
    const postbackId = await createTrackingPostback(t, pub.publisherId, {
      value: `${rx.url}${path}`,
      offer_id: offer.offerId,
    });
    const c = await click(t, offer.offerId, pub.publisherId, {
      s1: 'x&payout=999#@evil.test/../',
      s2: '{tid}',
      s3: 'c',
      s4: 'd',
      s5: 'e',
      pub_source: 'src',
      pub_click_id: 'pc-1',
      ...query,
    });
    expect(c.status).toBe(302);
    const conv = await convert(t, {
      tid: c.tid!,
      token: offer.token,
      amount: '19.90',
      adv_transaction_id: 'T-1',
      adv_s1: 'a1',
      adv_s2: 'a2',
      adv_s3: 'a3',
      adv_s4: 'a4',
      adv_s5: 'a5',
    });
    expect(conv.status).toBe(200);
    return { pub, offer, postbackId, tid: c.tid!, conversionId: conv.body.conversion_id as string };
  }

  it('round trip: click → conversion → postback with every macro filled and encoded', async () => {
    const { pub, offer, postbackId, tid, conversionId } = await converted(`/pb/path?${ALL_MACROS}`);
    await eventually(() => rx.requests.length >= 1);
    const req = rx.requests[0]!;
    const u = new URL(req.url, rx.url);
    expect(u.pathname).toBe('/pb/path');
    const q = Object.fromEntries(u.searchParams);
    const conv = await t.app.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('id', '=', conversionId)
      .executeTakeFirstOrThrow();
    const iso = new Date(conv.created_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(q).toMatchObject({
      pub_id: String(pub.publisherId),
      pub_name: 'Pub & Co',
      s1: 'x&payout=999#@evil.test/../',
      s2: '{tid}',
      s3: 'c',
      s4: 'd',
      s5: 'e',
      pub_s1: 'x&payout=999#@evil.test/../',
      pub_s2: '{tid}',
      pub_source: 'src',
      pub_click_id: 'pc-1',
      adv_transaction_id: 'T-1',
      tid,
      session_id: tid,
      adv_s1: 'a1',
      adv_s5: 'a5',
      offer_id: String(offer.offerId),
      offer_name: 'Offer/Ü',
      event_id: String(offer.baseEventId),
      eid: String(offer.baseEventId),
      conversion_id: conversionId,
      conversion_datetime: iso,
      conversion_date: iso.slice(0, 10),
      conversion_time: iso.slice(11, 19),
      conversion_earnings: '10',
      conversion_status: 'approved',
      price: '19.9',
    });
    expect(q['random']).toMatch(/^\d+$/);
    expect(q['payout']).toBeUndefined();
    expect(req.headers['x-postback-event-id']).toBe(`${conversionId}.${postbackId}`);
    const d = await eventually(async () => (await deliveries(t, postbackId)).find((x) => x.status === 'delivered'));
    expect(d.attempts).toBe(1);
    const a = await attempts(t, postbackId);
    expect(a).toHaveLength(1);
    expect(a[0]).toMatchObject({ status_code: 200, error_class: null });
  });

  it('a duplicate conversion writes no second delivery', async () => {
    const { offer, postbackId, tid } = await converted('/dup');
    const again = await convert(t, { tid, token: offer.token, adv_transaction_id: 'T-1' });
    expect(again.body.duplicate).toBe(true);
    await eventually(async () => (await deliveries(t, postbackId)).every((d) => d.status === 'delivered'));
    expect(await deliveries(t, postbackId)).toHaveLength(1);
    expect(rx.requests).toHaveLength(1);
  });

  it('F6: 500, 500, 200 is retried with back-off, each attempt logged', async () => {
    const { postbackId } = await converted('/f6', (_q, res, n) => {
      res.statusCode = n < 3 ? 500 : 200;
      res.end('body never shown');
    });
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered', 10_000);
    const a = await attempts(t, postbackId);
    expect(a.map((x) => x.status_code)).toEqual([500, 500, 200]);
    expect(a.map((x) => x.error_class)).toEqual(['http_5xx', 'http_5xx', null]);
    expect(new Set(rx.requests.map((r) => r.headers['x-postback-event-id'])).size).toBe(1);
  });

  it('F6: 410 stops at once', async () => {
    const { postbackId } = await converted('/gone', (_q, res) => {
      res.statusCode = 410;
      res.end();
    });
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'stopped');
    expect(await attempts(t, postbackId)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.requests).toHaveLength(1);
  });

  it('F6: 429 waits for Retry-After', async () => {
    const { postbackId } = await converted('/slow', (_q, res, n) => {
      if (n === 1) {
        res.statusCode = 429;
        res.setHeader('retry-after', '1');
      }
      res.end();
    });
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered', 10_000);
    expect(rx.requests).toHaveLength(2);
    expect(rx.requests[1]!.at - rx.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect((await attempts(t, postbackId)).map((a) => a.error_class)).toEqual(['rate_limited', null]);
  });

  it('F6/B3: a redirect is not followed and counts as a failed attempt', async () => {
    const canary = await startReceiver();
    try {
      const { postbackId } = await converted('/redirect', (_q, res) => {
        res.statusCode = 302;
        res.setHeader('location', `http://169.254.169.254/latest/meta-data/`);
        res.end();
      });
      await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'failed', 10_000);
      const a = await attempts(t, postbackId);
      expect(a.map((x) => x.error_class)).toEqual(['redirect', 'redirect', 'redirect']);
      expect(a[0]!.status_code).toBe(302);
      expect(canary.requests).toHaveLength(0);
    } finally {
      await canary.close();
    }
  });

  it('F6: a reset connection is logged and retried', async () => {
    const { postbackId } = await converted('/reset', (req, res, n) => {
      if (n === 1) req.socket.destroy();
      else res.end();
    });
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered', 10_000);
    expect((await attempts(t, postbackId)).map((a) => a.error_class)).toEqual(['connection', null]);
  });

  it('F7: always failing marks the postback failing, notifies the publisher, and a replay works', async () => {
    const { pub, postbackId } = await converted('/always', (_q, res) => {
      res.statusCode = 503;
      res.end();
    });
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'failed', 10_000);
    expect(await attempts(t, postbackId)).toHaveLength(3);
    const pb = await t.app.ctx.db
      .selectFrom('postbacks')
      .select('failing_since')
      .where('id', '=', postbackId)
      .executeTakeFirstOrThrow();
    expect(pb.failing_since).not.toBeNull();
    const n = await eventually(() =>
      t.app.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('publisher_id', '=', pub.publisherId)
        .where('kind', '=', 'postback_failing')
        .executeTakeFirst(),
    );
    expect(n.urgent).toBe(true);
    // The notice is about the postback: the API names it as the target; the spec's offer context stays empty.
    expect([n.context_domain, n.context_id]).toEqual(['postback', postbackId]);
    const { login } = await import('../helpers/factories.ts');
    const token = await login(t, pub);
    const shown = await t.post('/notifications/get-notification-by-id', { notification_id: n.id }, { token });
    expect(shown.body.data).toMatchObject({
      context_domain: null,
      context_id: null,
      target: { domain: 'postback', id: postbackId },
    });
    const listed = await t.post('/postback-table', { filters: { status: 'all' } }, { token });
    expect(listed.body.data[0]).toMatchObject({ postback_id: postbackId, deliveries_retrying: 0 });
    expect(Date.parse(listed.body.data[0].failing_since)).toBeGreaterThan(Date.now() - 60_000);

    rx.behave((_q, res) => res.end('ok'));
    const d = (await deliveries(t, postbackId))[0]!;
    const r = await t.post('/postback-delivery/replay', { delivery_id: d.id }, { token });
    expect(r.status).toBe(200);
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered');
    const after = await t.app.ctx.db
      .selectFrom('postbacks')
      .select('failing_since')
      .where('id', '=', postbackId)
      .executeTakeFirstOrThrow();
    expect(after.failing_since).toBeNull();
    expect(new Set(rx.requests.map((x) => x.headers['x-postback-event-id'])).size).toBe(1);
  });

  it('a delivery whose last attempt failed counts as retrying in the postback lists until it is done', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const { pub, offer, postbackId } = await converted('/retrying', async (_q, res, n) => {
      if (n === 1) res.statusCode = 503;
      else await held;
      res.end('ok');
    });
    const { login } = await import('../helpers/factories.ts');
    const token = await login(t, pub);
    try {
      // The second attempt is in flight: the first one failed, the delivery waits on its outcome.
      await eventually(() => rx.requests.length >= 2, 10_000);
      const global = await t.post('/postback-table', { filters: { status: 'all' } }, { token });
      expect(global.body.data[0]).toMatchObject({
        postback_id: postbackId,
        deliveries_retrying: 1,
        failing_since: null,
      });
      const tab = await t.post('/postback-table', { offer_id: offer.offerId }, { token });
      expect(tab.body.data[0]).toMatchObject({ postback_id: postbackId, deliveries_retrying: 1 });
    } finally {
      release();
    }
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered', 10_000);
    const one = await t.post('/postback', { id: postbackId }, { token });
    expect(one.body.data).toMatchObject({ deliveries_retrying: 0, failing_since: null });
  });

  it('F5: a worker that dies after the receiver got the request delivers again with the same event id', async () => {
    const db = t.app.ctx.db;
    let broke = false;
    const { postbackId } = await converted('/f5', async (_q, res) => {
      if (!broke) {
        broke = true;
        // The process "dies" here: the outcome can no longer be written.
        await sql`ALTER TABLE postback_attempts RENAME TO postback_attempts_gone`.execute(db);
      }
      res.end('ok');
    });
    await eventually(() => rx.requests.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    const stuck = (await deliveries(t, postbackId))[0]!;
    expect(stuck.status).toBe('pending');
    expect(stuck.locked_until).not.toBeNull();
    await sql`ALTER TABLE postback_attempts_gone RENAME TO postback_attempts`.execute(db);
    // The lease runs out (here: at once) and another worker takes the job.
    await db
      .updateTable('postback_deliveries')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', stuck.id)
      .execute();
    trackingEngine(t.app.ctx).delivery.wake();
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered', 10_000);
    expect(rx.requests).toHaveLength(2);
    expect(rx.requests[0]!.headers['x-postback-event-id']).toBe(rx.requests[1]!.headers['x-postback-event-id']);
  });

  it('B4: sub IDs with separators and macros keep host and path', async () => {
    const { postbackId } = await converted('/b4/p?a={s1}&b={s2}');
    await eventually(() => rx.requests.length === 1);
    const u = new URL(rx.requests[0]!.url, rx.url);
    expect(u.pathname).toBe('/b4/p');
    expect(u.searchParams.get('a')).toBe('x&payout=999#@evil.test/../');
    expect(u.searchParams.get('b')).toBe('{tid}');
    expect([...u.searchParams.keys()]).toEqual(['a', 'b']);
    await eventually(async () => (await deliveries(t, postbackId))[0]?.status === 'delivered');
  });
});
