import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createTrackingPostback } from '../helpers/tracking-factories.ts';
import { expectTooMany, statuses } from './quota-helpers.ts';

/**
 * Send-test, replays and postback changes had no per-publisher limit. Each is now a
 * per-publisher budget (lib/quotas.ts) answering 429 with Retry-After once spent, and one
 * publisher's spent budget leaves another's alone.
 */
let t: TestApp;
type Pub = { publisherId: number; token: string };
const fresh = async (): Promise<Pub> => {
  const p = await createPublisher(t);
  return { publisherId: p.publisherId, token: await login(t, p) };
};

beforeAll(async () => {
  // No receiver: the SSRF guard refuses the loopback address at once, and the test send answers
  // its outcome (not delivered) with 200.
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const form = (name: string) => ({
  postback_name: name,
  postback_status: 'active',
  postback_type: 'postback',
  postback_value: 'https://tracker.example/pb?cid={pub_click_id}',
  postback_offer_id: null,
  postback_event_id: null,
  postback_event_type: null,
});

/** A failed delivery of the publisher's postback, as the delivery worker leaves it. */
async function failedDelivery(publisherId: number, postbackId: number): Promise<number> {
  const row = await t.app.ctx.db
    .insertInto('postback_deliveries')
    .values({
      publisher_id: publisherId,
      postback_id: postbackId,
      conversion_id: crypto.randomUUID(),
      url: 'http://127.0.0.1:9/pb',
      event_key: `evt-${postbackId}-${Math.random()}`,
      status: 'failed',
      attempts: 5,
      next_attempt_at: new Date(),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('postback quotas', () => {
  it('creates and updates: 120 an hour per publisher, then 429 with Retry-After', async () => {
    const a = await fresh();
    const b = await fresh();
    const first = await t.post('/postback/create', form('first'), { token: a.token });
    expect(first.status).toBe(200);
    const id = first.body.data.postback_id as number;
    const saves = await statuses(119, (i) =>
      i % 2 === 0
        ? t.post('/postback/create', form(`p${i}`), { token: a.token })
        : t.post('/postback/update', { ...form(`u${i}`), postback_id: id }, { token: a.token }),
    );
    expect(saves.every((s) => s === 200)).toBe(true);
    const msg = 'Too many postback changes. Please try again later.';
    expectTooMany(await t.post('/postback/create', form('over'), { token: a.token }), msg, { min: 3000, max: 3600 });
    expectTooMany(await t.post('/postback/update', { ...form('over'), postback_id: id }, { token: a.token }), msg, {
      min: 3000,
      max: 3600,
    });
    // Refused means not done.
    expect((await t.post('/postback', { id }, { token: a.token })).body.data.postback_name).toBe('u117');
    expect((await t.post('/postback/create', form('other'), { token: b.token })).status).toBe(200);
  });

  it('send test: 10 a minute per postback, 100 an hour per publisher, then 429 with Retry-After', async () => {
    const a = await fresh();
    const b = await fresh();
    const ids: number[] = [];
    for (let i = 0; i < 11; i++)
      ids.push(
        await createTrackingPostback(t, a.publisherId, { value: `http://127.0.0.1:9/pb${i}?c={conversion_id}` }),
      );
    const bId = await createTrackingPostback(t, b.publisherId, { value: 'http://127.0.0.1:9/b' });
    const send = (p: Pub, postbackId: number) =>
      t.post('/postback-delivery/send-test', { postback_id: postbackId }, { token: p.token });
    const msg = 'Too many test sends. Please try again later.';

    const firstTen = await statuses(10, () => send(a, ids[0]!));
    expect(firstTen).toEqual(Array(10).fill(200));
    expectTooMany(await send(a, ids[0]!), msg, { min: 1, max: 60 });
    // Another postback of the same publisher has its own minute.
    expect((await send(a, ids[1]!)).status).toBe(200);
    // Naming someone else's postback spends only the caller's budget (and answers 404).
    expect((await send(b, ids[2]!)).status).toBe(404);
    expect((await send(a, ids[2]!)).status).toBe(200);

    // 12 sent so far (the refused one counted against its postback only); 88 more over nine postbacks.
    const rest = await statuses(88, (i) => send(a, ids[1 + (i % 10)]!));
    expect(rest.every((s) => s === 200)).toBe(true);
    expectTooMany(await send(a, ids[10]!), msg, { min: 3000, max: 3600 });
    expect((await send(b, bId)).status).toBe(200);
  });

  it('replays: 120 single replays and 20 "replay failed" an hour per publisher, then 429 with Retry-After', async () => {
    const a = await fresh();
    const b = await fresh();
    const pa = await createTrackingPostback(t, a.publisherId, { value: 'http://127.0.0.1:9/a' });
    const pb = await createTrackingPostback(t, b.publisherId, { value: 'http://127.0.0.1:9/b' });
    const delivery = await failedDelivery(a.publisherId, pa);
    const bDelivery = await failedDelivery(b.publisherId, pb);
    const replay = (p: Pub, id: number) => t.post('/postback-delivery/replay', { delivery_id: id }, { token: p.token });
    const replayFailed = (p: Pub, postbackId: number) =>
      t.post(
        '/postback-delivery/replay-failed',
        { since: new Date(Date.now() - 3600_000).toISOString(), postback_id: postbackId },
        { token: p.token },
      );
    const msg = 'Too many replays. Please try again later.';

    const singles = await statuses(120, () => replay(a, delivery));
    expect(singles.every((s) => s === 200)).toBe(true);
    expectTooMany(await replay(a, delivery), msg, { min: 3000, max: 3600 });
    expect((await replay(b, bDelivery)).status).toBe(200);

    const bulk = await statuses(20, () => replayFailed(a, pa));
    expect(bulk.every((s) => s === 200)).toBe(true);
    expectTooMany(await replayFailed(a, pa), msg, { min: 3000, max: 3600 });
    expect((await replayFailed(b, pb)).status).toBe(200);
  });
});
