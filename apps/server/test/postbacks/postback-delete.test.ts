import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createApiKey, withKeyHeader } from '../helpers/api-key-factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';

interface Attempt {
  attempt_id: number;
  delivery_id: number;
  postback_id: number;
  postback_name: string | null;
  url: string;
  delivery_status: string;
}

/** `POST /postback/delete` (docs/api.md): the postback goes, its delivery log stays. */
describe('deleting a postback', () => {
  let t: TestApp;
  let rx: Receiver;
  let token: string;
  let otherToken: string;
  let publisherId: number;
  let delivered: number;
  let retrying: number;
  let theirs: number;

  beforeAll(async () => {
    rx = await startReceiver((req, res) => {
      res.statusCode = req.url?.startsWith('/fail') ? 500 : 200;
      res.end();
    });
    // A failed attempt is tried again a minute later: the delivery waits, pending, meanwhile.
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_RETRY_BASE_MS: '60000',
      POSTBACK_MAX_ATTEMPTS: '5',
      POSTBACK_TIMEOUT_MS: '1000',
    });
    const pub = await createPublisher(t);
    const other = await createPublisher(t);
    publisherId = pub.publisherId;
    token = await login(t, pub);
    otherToken = await login(t, other);
    delivered = await createTrackingPostback(t, publisherId, {
      value: `${rx.url}/ok?tid={tid}`,
      name: 'Delivered one',
    });
    retrying = await createTrackingPostback(t, publisherId, {
      value: `${rx.url}/fail?tid={tid}`,
      name: 'Retrying one',
    });
    theirs = await createTrackingPostback(t, other.publisherId, { value: `${rx.url}/other`, name: 'Theirs' });
    const offer = await createTrackedOffer(t);
    const c = await click(t, offer.offerId, publisherId, {}, { 'user-agent': 'delete-test' });
    expect((await convert(t, { tid: c.tid!, token: offer.token, amount: 5 })).status).toBe(200);
    await eventually(async () => {
      const attempts = await t.app.ctx.db
        .selectFrom('postback_attempts')
        .select('postback_id')
        .where('publisher_id', '=', publisherId)
        .execute();
      return attempts.length === 2;
    }, 10_000);
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const log = async (filters: Record<string, unknown> = {}): Promise<Attempt[]> => {
    const r = await t.post('/postback-delivery/log', { filters }, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Attempt[];
  };

  it('deletes a postback: gone from the lists, its attempts still in the log with their URL', async () => {
    const r = await t.post('/postback/delete', { postback_id: delivered }, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ data: { postback_id: delivered, postback_name: 'Delivered one', deliveries_stopped: 0 } });

    expect((await t.post('/postback', { id: delivered }, { token })).status).toBe(404);
    const table = await t.post('/postback-table', { filters: { status: 'all' } }, { token });
    expect(table.body.data.map((p: { postback_id: number }) => p.postback_id)).toEqual([retrying]);

    const attempts = await log({ postback_id: delivered });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ postback_id: delivered, postback_name: null, delivery_status: 'delivered' });
    expect(attempts[0]!.url).toBe(`${rx.url}/ok?tid=${new URL(attempts[0]!.url).searchParams.get('tid')}`);
  });

  it('stops the deliveries still waiting, and a replay cannot send them again', async () => {
    const [before] = await log({ postback_id: retrying });
    expect(before).toMatchObject({ delivery_status: 'pending', postback_name: 'Retrying one' });

    const r = await t.post('/postback/delete', { postback_id: retrying }, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ postback_id: retrying, postback_name: 'Retrying one', deliveries_stopped: 1 });

    const [after] = await log({ postback_id: retrying });
    expect(after).toMatchObject({ attempt_id: before!.attempt_id, delivery_status: 'stopped', postback_name: null });
    const replay = await t.post('/postback-delivery/replay', { delivery_id: after!.delivery_id }, { token });
    expect(replay.status).toBe(404);
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const all = await t.post('/postback-delivery/replay-failed', { since }, { token });
    expect(all.body.data).toEqual({ replayed: 0 });
    const row = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .select('status')
      .where('id', '=', after!.delivery_id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('stopped');
  });

  it('answers 404 for a postback already deleted, another publisher’s, or none', async () => {
    for (const id of [delivered, theirs, 2_000_000_000]) {
      const r = await t.post('/postback/delete', { postback_id: id }, { token });
      expect(r.status, String(id)).toBe(404);
      expect(r.body.error.code).toBe('0x4040');
    }
    // Theirs is still there.
    expect((await t.post('/postback', { id: theirs }, { token: otherToken })).status).toBe(200);
  });

  it('refuses a malformed body with 422 and an anonymous call with 401', async () => {
    for (const body of [
      {},
      { postback_id: 'x' },
      { postback_id: 0 },
      { postback_id: theirs, extra: 1 },
      { id: theirs },
    ]) {
      expect((await t.post('/postback/delete', body, { token: otherToken })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.post('/postback/delete', { postback_id: theirs })).status).toBe(401);
  });

  it('takes an API key of scope read_write, not read (403)', async () => {
    const readKey = await createApiKey(t, otherToken, { scope: 'read' });
    const writeKey = await createApiKey(t, otherToken, { scope: 'read_write' });
    const refused = await t.post('/postback/delete', { postback_id: theirs }, withKeyHeader(readKey.key));
    expect(refused.status).toBe(403);
    const r = await t.post('/postback/delete', { postback_id: theirs }, withKeyHeader(writeKey.key));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.postback_name).toBe('Theirs');
  });
});
