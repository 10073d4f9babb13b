import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';

/**
 * Fair delivery (docs/tracking.md, Fairness): one publisher's postbacks — many, to a receiver that
 * never answers — cannot delay another publisher's; a failing receiver backs off on its own; one
 * conversion fans out to at most POSTBACK_FANOUT_LIMIT deliveries, the rest refused in the log.
 */

const FANOUT = 5;
const PUBLISHER_SLOTS = 4;

describe('fair postback delivery', () => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_TIMEOUT_MS: '2000',
      POSTBACK_CONCURRENCY: '16',
      POSTBACK_PUBLISHER_CONCURRENCY: String(PUBLISHER_SLOTS),
      POSTBACK_FANOUT_LIMIT: String(FANOUT),
      // A failed attempt comes back after a minute at the soonest: nothing retries during the test.
      POSTBACK_RETRY_BASE_MS: '60000',
      SHUTDOWN_TIMEOUT_SECONDS: '1',
    });
  });
  afterAll(async () => {
    await t?.close();
    for (const r of receivers) await r.close();
  });

  async function receiver(): Promise<Receiver> {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  }

  /** A publisher with an offer and `postbacks` postbacks of it pointing at `rx`. */
  async function publisherWith(rx: Receiver, postbacks: number) {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const ids: number[] = [];
    for (let i = 0; i < postbacks; i++) {
      ids.push(
        await createTrackingPostback(t, pub.publisherId, {
          value: `${rx.url}/pb${i}?c={conversion_id}`,
          offer_id: offer.offerId,
        }),
      );
    }
    const conversion = async () => {
      const c = await click(t, offer.offerId, pub.publisherId);
      expect(c.status).toBe(302);
      const conv = await convert(t, { tid: c.tid!, token: offer.token });
      expect(conv.status).toBe(200);
      return conv.body.conversion_id as string;
    };
    return { pub, postbackIds: ids, conversion };
  }

  const deliveriesOf = (publisherId: number) =>
    t.app.ctx.db
      .selectFrom('postback_deliveries')
      .selectAll()
      .where('publisher_id', '=', publisherId)
      .orderBy('id')
      .execute();

  it("a publisher whose receiver never answers does not delay another publisher's postbacks", async () => {
    const dead = await receiver();
    dead.behave(() => {}); // accepts the connection, never answers
    const quick = await receiver();

    // 150 deliveries to a receiver that never answers, queued at once.
    const a = await publisherWith(dead, FANOUT);
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: 10 }, () => a.conversion()));
    await eventually(() => dead.requests.length >= 1);

    const b = await publisherWith(quick, 1);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = quick.requests.length;
      const convertedAt = Date.now();
      await b.conversion();
      const got = await eventually(() => quick.requests[before], 30_000);
      delays.push(got.at - convertedAt);
      await new Promise((r) => setTimeout(r, 400));
    }
    console.log(`publisher B's postbacks, conversion to receiver: ${delays.map((d) => `${d} ms`).join(', ')}`);
    for (const d of delays) expect(d).toBeLessThanOrEqual(3000);
    await eventually(async () => (await deliveriesOf(b.pub.publisherId)).every((d) => d.status === 'delivered'));

    // A's receiver held at most its publisher's share of the slots, and once its attempts timed
    // out it backs off: A's other deliveries wait, unclaimed, their retry budget untouched.
    expect(dead.maxOpen).toBeLessThanOrEqual(PUBLISHER_SLOTS);
    await eventually(async () => (await deliveriesOf(a.pub.publisherId)).some((d) => d.last_error_class === 'timeout'));
    await new Promise((r) => setTimeout(r, 500));
    expect(dead.requests.length).toBeLessThanOrEqual(PUBLISHER_SLOTS);
    const aJobs = await deliveriesOf(a.pub.publisherId);
    expect(aJobs).toHaveLength(30 * FANOUT);
    expect(aJobs.filter((d) => d.attempts > 0).length).toBeLessThanOrEqual(PUBLISHER_SLOTS);
    expect(aJobs.every((d) => d.status === 'pending')).toBe(true);
  }, 90_000);

  it('a failing receiver backs off on its own and resumes after a success', async () => {
    const rx = await receiver();
    rx.behave((req) => req.socket.destroy()); // the connection is reset
    const c = await publisherWith(rx, 1);
    for (let i = 0; i < 10; i++) await c.conversion();
    await eventually(async () =>
      (await deliveriesOf(c.pub.publisherId)).some((d) => d.last_error_class === 'connection'),
    );
    await new Promise((r) => setTimeout(r, 500));
    // One round of attempts at most, then the receiver's back-off holds the other deliveries.
    expect(rx.requests.length).toBeLessThanOrEqual(PUBLISHER_SLOTS);
    const backoff = await t.app.ctx.db
      .selectFrom('postback_receivers')
      .selectAll()
      .where('publisher_id', '=', c.pub.publisherId)
      .executeTakeFirstOrThrow();
    expect(backoff.host).toBe(`127.0.0.1:${rx.port}`);
    expect(backoff.failures).toBe(1);
    expect(new Date(backoff.resume_at).getTime()).toBeGreaterThan(Date.now() + 30_000);

    // The receiver is back; its back-off ends (here: at once) and every delivery goes out.
    rx.behave((_q, res) => res.end('ok'));
    await t.app.ctx.db
      .updateTable('postback_receivers')
      .set({ resume_at: new Date(Date.now() - 1000) })
      .where('publisher_id', '=', c.pub.publisherId)
      .execute();
    await t.app.ctx.db
      .updateTable('postback_deliveries')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('publisher_id', '=', c.pub.publisherId)
      .execute();
    await eventually(
      async () => (await deliveriesOf(c.pub.publisherId)).every((d) => d.status === 'delivered'),
      10_000,
    );
    const left = await t.app.ctx.db
      .selectFrom('postback_receivers')
      .selectAll()
      .where('publisher_id', '=', c.pub.publisherId)
      .execute();
    expect(left).toEqual([]);
  }, 30_000);

  it('a conversion fans out to at most the ceiling; the rest is refused in the delivery log', async () => {
    const rx = await receiver();
    const d = await publisherWith(rx, FANOUT + 2);
    const conversionId = await d.conversion();
    const jobs = await eventually(async () => {
      const all = await deliveriesOf(d.pub.publisherId);
      return all.filter((j) => j.status === 'delivered').length === FANOUT ? all : null;
    });
    expect(jobs).toHaveLength(FANOUT + 2);
    const refused = jobs.filter((j) => j.status !== 'delivered');
    expect(refused.map((j) => j.postback_id)).toEqual(d.postbackIds.slice(FANOUT));
    expect(refused.every((j) => j.status === 'stopped' && j.last_error_class === 'fanout_limit')).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.requests).toHaveLength(FANOUT);

    // The publisher sees them in the delivery log, with the reason.
    const token = await login(t, d.pub);
    const log = await t.post('/postback-delivery/log', { filters: { delivery_status: 'stopped' } }, { token });
    expect(log.status).toBe(200);
    const rows = log.body.data as { conversion_id: string; error_class: string; error_message: string }[];
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.conversion_id).toBe(conversionId);
      expect(r.error_class).toBe('fanout_limit');
      expect(r.error_message).toContain(`more than ${FANOUT} postbacks`);
    }
    // A replay cannot send them past the ceiling.
    const replay = await t.post('/postback-delivery/replay', { delivery_id: refused[0]!.id }, { token });
    expect(replay.status).toBe(404);
  });
});
