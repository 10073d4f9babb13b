import { Agent, fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback, settle } from '../helpers/tracking-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';
import { testDbKind } from '../helpers/test-db.ts';

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

/** Load tests sized to the test run (docs/reliability.md L1, L4); `npm run bench` measures the full size. */
describe('tracking under load', { timeout: 150_000 }, () => {
  let t: TestApp;
  let rx: Receiver;
  beforeAll(async () => {
    rx = await startReceiver(() => {
      /* never answers */
    });
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_TIMEOUT_MS: '400',
      POSTBACK_CONCURRENCY: '8',
      POSTBACK_RETRY_BASE_MS: '60000',
    });
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('1,000 concurrent clicks are all stored, none twice', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    // PGlite runs queries on the server's own thread: fewer sockets, the same 1,000 requests at once.
    const wide = new Agent({ connections: testDbKind() === 'postgres' ? 1000 : 200, keepAliveTimeout: 1000 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          fetch(`${t.url}/c/${offer.offerId}/${pub.publisherId}?s1=c${i}`, {
            redirect: 'manual',
            dispatcher: wide,
          }).then(async (r) => {
            await r.arrayBuffer();
            return { status: r.status, tid: new URL(r.headers.get('location')!).searchParams.get('clickid') };
          }),
        ),
      );
      expect(answers.every((a) => a.status === 302)).toBe(true);
      await settle(t);
      const rows = await t.app.ctx.db
        .selectFrom('clicks')
        .select(['id', 's1'])
        .where('offer_id', '=', offer.offerId)
        .execute();
      expect(rows).toHaveLength(1000);
      expect(new Set(rows.map((r) => r.s1)).size).toBe(1000);
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(answers.map((a) => a.tid)));
      // Same IP and user agent: exactly one of them is the unique click.
      const unique = await t.app.ctx.db
        .selectFrom('clicks')
        .select('id')
        .where('offer_id', '=', offer.offerId)
        .where('is_unique', '=', true)
        .execute();
      expect(unique).toHaveLength(1);
    } finally {
      await wide.close();
    }
  });

  it('L1: clicks at a fixed rate: every acknowledged s1 is stored exactly once', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const acked: string[] = [];
    const latencies: number[] = [];
    const inflight: Promise<void>[] = [];
    const ratePerSecond = 200;
    const seconds = 3;
    const started = Date.now();
    for (let i = 0; i < ratePerSecond * seconds; i++) {
      const due = started + (i * 1000) / ratePerSecond;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const s1 = `l1-${i}`;
      const t0 = performance.now();
      inflight.push(
        click(t, offer.offerId, pub.publisherId, { s1 }).then((r) => {
          latencies.push(performance.now() - t0);
          if (r.status === 302) acked.push(s1);
        }),
      );
    }
    await Promise.all(inflight);
    await settle(t);
    const rows = await t.app.ctx.db.selectFrom('clicks').select('s1').where('offer_id', '=', offer.offerId).execute();
    const stored = rows.map((r) => r.s1!);
    expect(new Set(stored).size).toBe(stored.length);
    expect(new Set(stored)).toEqual(new Set(acked));
    expect(acked.length).toBe(ratePerSecond * seconds);
    // Latency is the benchmark's business (`npm run bench -- tracking`); here only a loose bound on
    // PostgreSQL, since PGlite shares the server's thread with this test's client.
    if (testDbKind() === 'postgres') expect(p99(latencies)).toBeLessThan(5000);
  });

  it('L4: postbacks to a receiver that never answers time out, stay bounded, and do not slow clicks', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const token = await login(t, pub);
    await createTrackingPostback(t, pub.publisherId, { value: `${rx.url}/hang?tid={tid}` });
    const quiet: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t0 = performance.now();
      await click(t, offer.offerId, pub.publisherId, { s1: `q${i}` });
      quiet.push(performance.now() - t0);
    }
    const tids: string[] = [];
    for (let i = 0; i < 48; i++)
      tids.push((await click(t, offer.offerId, pub.publisherId, { s1: `l4-${i}` }, { 'user-agent': `l4-${i}` })).tid!);
    for (const tid of tids) expect((await convert(t, { tid, token: offer.token })).status).toBe(200);

    const busy: number[] = [];
    const apiTimes: number[] = [];
    const deadline = Date.now() + 1500;
    while (Date.now() < deadline) {
      const t0 = performance.now();
      await click(t, offer.offerId, pub.publisherId, { s1: 'busy' });
      busy.push(performance.now() - t0);
      const t1 = performance.now();
      expect((await t.post('/postback-delivery/log', { limit: 5 }, { token })).status).toBe(200);
      apiTimes.push(performance.now() - t1);
    }
    // The first attempts time out; the receiver then backs off on its own (docs/tracking.md,
    // Fairness): the conversions not tried yet wait for it, and nothing more is sent meanwhile.
    const attemptsOf = () =>
      t.app.ctx.db.selectFrom('postback_attempts').selectAll().where('publisher_id', '=', pub.publisherId).execute();
    const attempts = await eventually(async () => {
      if (trackingEngine(t.app.ctx).delivery.active > 0) return null;
      const a = await attemptsOf();
      return a.length > 0 ? a : null;
    }, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await attemptsOf()).toHaveLength(attempts.length);
    const receiver = await t.app.ctx.db
      .selectFrom('postback_receivers')
      .selectAll()
      .where('publisher_id', '=', pub.publisherId)
      .executeTakeFirstOrThrow();
    expect(new Date(receiver.resume_at).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(rx.maxOpen).toBeLessThanOrEqual(8);
    expect(trackingEngine(t.app.ctx).delivery.active).toBeLessThanOrEqual(8);
    for (const a of attempts) {
      expect(a.error_class).toBe('timeout');
      expect(a.duration_ms).toBeGreaterThanOrEqual(350);
      expect(a.duration_ms).toBeLessThan(2000);
    }
    const jobs = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .selectAll()
      .where('publisher_id', '=', pub.publisherId)
      .execute();
    expect(jobs).toHaveLength(48);
    expect(jobs.filter((j) => j.attempts === 1)).toHaveLength(attempts.length);
    expect(
      jobs.every(
        (j) =>
          j.status === 'pending' &&
          (j.attempts === 0 || (j.attempts === 1 && new Date(j.next_attempt_at).getTime() > Date.now() + 30_000)),
      ),
    ).toBe(true);
    expect(p99(busy)).toBeLessThan(Math.max(250, p99(quiet) * 5));
    expect(p99(apiTimes)).toBeLessThan(1000);
  });
});
