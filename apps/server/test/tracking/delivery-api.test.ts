import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';

const P = {
  log: '/postback-delivery/log',
  replay: '/postback-delivery/replay',
  replayFailed: '/postback-delivery/replay-failed',
  sendTest: '/postback-delivery/send-test',
  preview: '/postback-delivery/preview',
};

describe('publisher postback delivery API', () => {
  let t: TestApp;
  let rx: Receiver;
  let token: string;
  let otherToken: string;
  let pub: Awaited<ReturnType<typeof createPublisher>>;
  let okPostback: number;
  let failPostback: number;
  let otherPostback: number;

  beforeAll(async () => {
    rx = await startReceiver((req, res) => {
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end('SECRET RESPONSE BODY');
    });
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_RETRY_BASE_MS: '10',
      POSTBACK_MAX_ATTEMPTS: '2',
      POSTBACK_TIMEOUT_MS: '1000',
    });
    pub = await createPublisher(t);
    const other = await createPublisher(t);
    token = await login(t, pub);
    otherToken = await login(t, other);
    okPostback = await createTrackingPostback(t, pub.publisherId, {
      value: `${rx.url}/ok?tid={tid}&token=hunter2&s1={s1}`,
      name: 'OK one',
    });
    failPostback = await createTrackingPostback(t, pub.publisherId, {
      value: `${rx.url}/fail?c={conversion_id}`,
      name: 'Failing one',
    });
    otherPostback = await createTrackingPostback(t, other.publisherId, { value: `${rx.url}/other` });
    const offer = await createTrackedOffer(t);
    for (let i = 0; i < 3; i++) {
      const c = await click(t, offer.offerId, pub.publisherId, { s1: `sub-${i}` }, { 'user-agent': `api-${i}` });
      expect((await convert(t, { tid: c.tid!, token: offer.token, amount: 5 })).status).toBe(200);
    }
    await eventually(async () => {
      const rows = await t.app.ctx.db
        .selectFrom('postback_deliveries')
        .select('status')
        .where('publisher_id', '=', pub.publisherId)
        .execute();
      return rows.length === 6 && rows.every((r) => r.status !== 'pending');
    }, 10_000);
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('lists attempts newest first with masked URLs, paginated by cursor', async () => {
    const all: { attempt_id: number; url: string; postback_id: number }[] = [];
    let cursor: string | null = null;
    do {
      const r: {
        status: number;
        body: { data: { attempt_id: number; url: string; postback_id: number }[]; cursor: { next: string | null } };
      } = await t.post(P.log, { limit: 4, ...(cursor ? { cursor } : {}) }, { token });
      expect(r.status).toBe(200);
      all.push(...r.body.data);
      cursor = r.body.cursor.next;
    } while (cursor);
    // 3 delivered + 3 × 2 failed attempts.
    expect(all).toHaveLength(9);
    const ids = all.map((a) => a.attempt_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const ok = all.find((a) => a.postback_id === okPostback)!;
    expect(ok.url).toContain('token=***');
    expect(ok.url).not.toContain('hunter2');
    expect(ok).toMatchObject({
      status_code: 200,
      error_class: null,
      delivery_status: 'delivered',
      is_test: false,
      postback_name: 'OK one',
    });
    expect(JSON.stringify(all)).not.toContain('SECRET RESPONSE BODY');
    expect(all.every((a) => a.postback_id !== otherPostback)).toBe(true);
  });

  it('filters by postback and delivery status', async () => {
    const r = await t.post(P.log, { filters: { postback_id: failPostback } }, { token });
    expect(r.body.data).toHaveLength(6);
    expect(
      r.body.data.every(
        (a: { error_class: string; delivery_status: string }) =>
          a.error_class === 'http_5xx' && a.delivery_status === 'failed',
      ),
    ).toBe(true);
    const d = await t.post(P.log, { filters: { delivery_status: 'delivered' } }, { token });
    expect(d.body.data).toHaveLength(3);
  });

  it('refuses malformed cursors and unknown fields with 422, and anonymous calls with 401', async () => {
    expect((await t.post(P.log, { cursor: 'garbage' }, { token })).status).toBe(422);
    expect((await t.post(P.log, { sort: 'x' }, { token })).status).toBe(422);
    expect((await t.post(P.log, {})).status).toBe(401);
    expect((await t.post(P.sendTest, { postback_id: okPostback })).status).toBe(401);
  });

  it('replays one delivery, and every failed one since a time', async () => {
    const failed = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .select('id')
      .where('postback_id', '=', failPostback)
      .execute();
    const before = rx.requests.length;
    const one = await t.post(P.replay, { delivery_id: failed[0]!.id }, { token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ delivery_id: failed[0]!.id, delivery_status: 'pending' });
    await eventually(() => rx.requests.length >= before + 2, 10_000);

    await eventually(async () => {
      const rows = await t.app.ctx.db
        .selectFrom('postback_deliveries')
        .select('status')
        .where('postback_id', '=', failPostback)
        .execute();
      return rows.every((r) => r.status === 'failed');
    }, 10_000);
    const future = await t.post(P.replayFailed, { since: new Date(Date.now() + 60_000).toISOString() }, { token });
    expect(future.body.data.replayed).toBe(0);
    const all = await t.post(
      P.replayFailed,
      { since: new Date(Date.now() - 3600_000).toISOString(), postback_id: failPostback },
      { token },
    );
    expect(all.status).toBe(200);
    expect(all.body.data.replayed).toBe(3);
    expect((await t.post(P.replayFailed, { since: 'yesterday' }, { token })).status).toBe(422);
  });

  it('send test fires once with sample values and answers status and error class only', async () => {
    const tests = () => rx.requests.filter((q) => q.url.includes('tid=test-'));
    const ok = await t.post(P.sendTest, { postback_id: okPostback }, { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ ok: true, status_code: 200, error_class: null });
    expect(ok.body.data.url).toContain('token=***');
    expect(JSON.stringify(ok.body)).not.toContain('SECRET RESPONSE BODY');
    expect(tests()).toHaveLength(1);
    const sent = new URL(tests()[0]!.url, rx.url);
    expect(sent.searchParams.get('s1')).toBe('test_s1');
    expect(sent.searchParams.get('tid')).toMatch(/^test-/);

    const bad = await t.post(P.sendTest, { postback_id: failPostback }, { token });
    expect(bad.body.data).toMatchObject({ ok: false, status_code: 500, error_class: 'http_5xx' });
    // Newest first; the replays of the test before may still be sending, so skip their attempts.
    const log = await t.post(P.log, { limit: 20 }, { token });
    expect(log.body.data.find((d: { is_test: boolean }) => d.is_test)).toMatchObject({
      is_test: true,
      status_code: 500,
    });
  });

  it('preview renders against the latest real conversion and flags unknown and empty macros', async () => {
    const r = await t.post(
      P.preview,
      { postback_value: 'https://x.example/?t={tid}&s1={s1}&s2={s2}&bad={nope}&p={price}' },
      { token },
    );
    expect(r.status).toBe(200);
    const latest = await t.app.ctx.db
      .selectFrom('conversions')
      .selectAll()
      .where('publisher_id', '=', pub.publisherId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(r.body.data).toMatchObject({ conversion_id: latest.id, unknown_macros: ['nope'], empty_macros: ['s2'] });
    expect(r.body.data.rendered).toBe(`https://x.example/?t=${latest.click_id}&s1=sub-2&s2=&bad={nope}&p=5`);
    const b64 = Buffer.from('https://x.example/?o={offer_id}').toString('base64');
    const enc = await t.post(P.preview, { postback_value: b64 }, { token });
    expect(enc.body.data.rendered).toBe(`https://x.example/?o=${latest.offer_id}`);
    const saved = await t.post(P.preview, { postback_id: okPostback }, { token });
    expect(saved.body.data.used_macros.sort()).toEqual(['s1', 'tid']);
    expect((await t.post(P.preview, {}, { token })).status).toBe(422);
  });

  it('preview without any conversion yet still flags unknown macros', async () => {
    const r = await t.post(P.preview, { postback_value: 'https://x.example/?a={tid}&b={what}' }, { token: otherToken });
    expect(r.body.data).toEqual({
      rendered: null,
      conversion_id: null,
      used_macros: ['tid'],
      unknown_macros: ['what'],
      empty_macros: [],
    });
  });

  it("another publisher's postbacks and deliveries answer 404", async () => {
    const mine = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .select('id')
      .where('publisher_id', '=', pub.publisherId)
      .executeTakeFirstOrThrow();
    expect((await t.post(P.replay, { delivery_id: mine.id }, { token: otherToken })).status).toBe(404);
    expect((await t.post(P.sendTest, { postback_id: okPostback }, { token: otherToken })).status).toBe(404);
    expect((await t.post(P.preview, { postback_id: okPostback }, { token: otherToken })).status).toBe(404);
    expect(
      (
        await t.post(
          P.replayFailed,
          { since: new Date(0).toISOString(), postback_id: okPostback },
          { token: otherToken },
        )
      ).status,
    ).toBe(404);
    const log = await t.post(P.log, { filters: { postback_id: okPostback } }, { token: otherToken });
    expect(log.body.data).toEqual([]);
  });

  it('send test refuses pixels, and the calls are in the OpenAPI description', async () => {
    const px = await createTrackingPostback(t, pub.publisherId, {
      type: 'pixel',
      value: '<img src="https://p.example/x">',
    });
    const r = await t.post(P.sendTest, { postback_id: px }, { token });
    expect(r.status).toBe(422);
    const doc = (await t.get('/api/docs/json')).body as { paths: Record<string, unknown> };
    for (const p of Object.values(P)) expect(Object.keys(doc.paths)).toContain(`/api/v1${p}`);
  });
});
