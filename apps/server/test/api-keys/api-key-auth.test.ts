import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';
import { createOffer, createPrivateOffer, insertClicks, insertPostback } from '../helpers/network-factories.ts';
import { captureLog } from '../helpers/log-capture.ts';
import { createApiKey, withKeyHeader } from '../helpers/api-key-factories.ts';

const TODAY = new Date().toISOString().slice(0, 10);
const filters = { date_range: { start: TODAY, end: TODAY } };

/** Calls a key may never make: password, two-factor, profile, sessions, key management, the rest. */
const SESSION_ONLY: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  [
    'POST',
    '/user/update-password',
    { current_password: 'x', new_password: 'yyyyyyyy', new_password_verify: 'yyyyyyyy' },
  ],
  ['POST', '/user/two-factor-authentication/status', {}],
  ['POST', '/user/two-factor-authentication/setup', { password: 'x' }],
  ['POST', '/user/two-factor-authentication/disable', { code: '123456' }],
  ['GET', '/user/me.json'],
  ['POST', '/user', {}],
  ['POST', '/user/update', { user_timezone: 'UTC' }],
  ['POST', '/user/update-notification', { notification_subscriptions: [] }],
  ['POST', '/manager', {}],
  ['POST', '/user/logout', {}],
  ['POST', '/user/logout-all', {}],
  ['POST', '/multi-login', {}],
  ['POST', '/api-key-list', {}],
  ['POST', '/api-key/create', { name: 'x' }],
  ['POST', '/api-key/revoke', { id: 1 }],
  ['POST', '/postback-signing-secret', {}],
  ['POST', '/notifications/get-notification-table-data', {}],
];

/**
 * A publisher API key: it reads the reports, totals, offers and postbacks of its own account,
 * with either header, and nothing else; revocation, expiry and suspension stop it at once.
 */
describe('API key authentication', () => {
  let t: TestApp;
  let a: PublisherFixture;
  let b: PublisherFixture;
  let aToken: string;
  let bToken: string;
  let aOffer: number;
  let bOnlyOffer: number;
  let bPostback: number;
  const log = captureLog();

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: log.stream });
    a = await createPublisher(t);
    b = await createPublisher(t);
    aToken = await login(t, a);
    bToken = await login(t, b);
    aOffer = (await createOffer(t, { name: 'Shared Public Offer' })).offerId;
    bOnlyOffer = (await createPrivateOffer(t, [b.publisherId], { name: 'B Private Offer' })).offerId;
    bPostback = await insertPostback(t, b.publisherId, { name: 'B tracker' });
    const now = new Date();
    await insertClicks(t, [
      { publisherId: a.publisherId, offerId: aOffer, at: now },
      { publisherId: a.publisherId, offerId: aOffer, at: now },
      { publisherId: b.publisherId, offerId: aOffer, at: now },
      { publisherId: b.publisherId, offerId: bOnlyOffer, at: now },
      { publisherId: b.publisherId, offerId: bOnlyOffer, at: now },
      { publisherId: b.publisherId, offerId: bOnlyOffer, at: now },
    ]);
  });
  afterAll(() => t.close());

  it('reads reports, totals, offers, invoices and postbacks with Authorization: Bearer or X-Api-Key', async () => {
    const { key } = await createApiKey(t, aToken, { scope: 'read_write' });
    for (const how of [{ token: key }, withKeyHeader(key)]) {
      const daily = await t.post('/report/daily', { filters }, how);
      expect(daily.status, JSON.stringify(daily.body)).toBe(200);
      expect(daily.body.data.reduce((s: number, r: { clicks: number }) => s + r.clicks, 0)).toBe(2);
      const total = await t.post('/report-total/campaign', { filters }, how);
      expect(total.status).toBe(200);
      expect(total.body.data.clicks).toBe(2);
      const offers = await t.post('/offer-list', {}, how);
      expect(offers.status).toBe(200);
      expect(offers.body.data.map((o: { offer_name?: string; name?: string }) => o.offer_name ?? o.name)).toContain(
        'Shared Public Offer',
      );
      expect((await t.post('/offer', { offer_id: aOffer }, how)).status).toBe(200);
      expect((await t.get('/search?subject=offer_event_type', how)).status).toBe(200);
      expect((await t.post('/invoice-list', {}, how)).status).toBe(200);
      expect((await t.post('/postback-table', { filters: { status: 'all' } }, how)).status).toBe(200);
      expect((await t.post('/postback-delivery/log', {}, how)).status).toBe(200);
    }
  });

  it('acts as its own account only: the same answers as a session, 404 for the other account’s objects', async () => {
    const { key } = await createApiKey(t, aToken, { scope: 'read_write' });
    const bySession = await t.post('/report/campaign', { filters }, { token: aToken });
    const byKey = await t.post('/report/campaign', { filters }, { token: key });
    expect(byKey.body.data).toEqual(bySession.body.data);
    expect(JSON.stringify(byKey.body)).not.toContain('B Private Offer');

    for (const how of [{ token: key }, withKeyHeader(key), { token: aToken }]) {
      expect((await t.post('/offer', { offer_id: bOnlyOffer }, how)).status).toBe(404);
      expect((await t.post('/offer-details', { offer_id: bOnlyOffer }, how)).status).toBe(404);
      expect((await t.post('/postback', { id: bPostback }, how)).status).toBe(404);
      expect((await t.post('/postback-table', { offer_id: bOnlyOffer }, how)).status).toBe(404);
    }
    // B's own session sees them: they exist.
    expect((await t.post('/offer', { offer_id: bOnlyOffer }, { token: bToken })).status).toBe(200);
    expect((await t.post('/postback', { id: bPostback }, { token: bToken })).status).toBe(200);
  });

  it('is refused 401 on password, two-factor, profile, session and key-management calls', async () => {
    const { key } = await createApiKey(t, aToken);
    for (const [method, path, body] of SESSION_ONLY) {
      for (const how of [{ token: key }, withKeyHeader(key)]) {
        const r = method === 'GET' ? await t.get(path, how) : await t.post(path, body, how);
        expect(r.status, `${method} ${path}`).toBe(401);
      }
    }
    // Nothing was changed on the account by those calls.
    expect((await t.post('/user', {}, { token: aToken })).body.data.user_timezone).not.toBe('UTC-changed');
    expect((await t.post('/api-key-list', {}, { token: aToken })).status).toBe(200);
  });

  it('refuses a session token together with X-Api-Key (401), and two keys at once', async () => {
    const { key } = await createApiKey(t, aToken);
    const both = await t.post('/report/daily', { filters }, { token: aToken, headers: { 'x-api-key': key } });
    expect(both.status).toBe(401);
    const twoKeys = await t.post('/offer-list', {}, { token: key, headers: { 'x-api-key': key } });
    expect(twoKeys.status).toBe(401);
    const me = await t.get('/user/me.json', { token: aToken, headers: { 'x-api-key': key } });
    expect(me.status).toBe(401);
    // Each alone works.
    expect((await t.post('/report/daily', { filters }, { token: aToken })).status).toBe(200);
    expect((await t.post('/report/daily', { filters }, withKeyHeader(key))).status).toBe(200);
  });

  it('refuses a made-up or altered key', async () => {
    const { key } = await createApiKey(t, aToken);
    const altered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [altered, 'ppk_abcdefgh_' + 'x'.repeat(43), 'ppk_', 'not-a-key']) {
      expect((await t.post('/offer-list', {}, { token: bad })).status, bad).toBe(401);
      expect((await t.post('/offer-list', {}, withKeyHeader(bad))).status, bad).toBe(401);
    }
  });

  it('stops at once when revoked', async () => {
    const made = await createApiKey(t, aToken);
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(200);
    expect((await t.post('/api-key/revoke', { id: made.id }, { token: aToken })).status).toBe(200);
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(401);
    expect((await t.post('/report/daily', { filters }, withKeyHeader(made.key))).status).toBe(401);
    // Revoking again: already gone.
    expect((await t.post('/api-key/revoke', { id: made.id }, { token: aToken })).status).toBe(404);
  });

  it('stops when it expires', async () => {
    const made = await createApiKey(t, aToken, { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(200);
    await t.app.ctx.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.id)
      .execute();
    const r = await t.post('/offer-list', {}, { token: made.key });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('0x4100');
    expect((await t.post('/report/daily', { filters }, withKeyHeader(made.key))).status).toBe(401);
  });

  it('stops while its publisher is suspended, and works again once reinstated', async () => {
    const c = await createPublisher(t);
    const made = await createApiKey(t, await login(t, c));
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(200);
    const setStatus = (status: 'suspended' | 'active') =>
      t.app.ctx.db.updateTable('publishers').set({ status }).where('id', '=', c.publisherId).execute();
    await setStatus('suspended');
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(401);
    expect((await t.post('/report/daily', { filters }, withKeyHeader(made.key))).status).toBe(401);
    await setStatus('active');
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(200);
  });

  it('records its last use, and the request log names it by prefix, never the secret', async () => {
    const made = await createApiKey(t, aToken, { name: 'logged key' });
    const r = await t.post('/report/daily', { filters }, withKeyHeader(made.key));
    expect(r.status).toBe(200);
    const id = r.headers.get('x-request-id')!;
    await expect.poll(() => log.requests().some((l) => l.reqId === id)).toBe(true);
    const line = log.requests().find((l) => l.reqId === id)!;
    expect(line['apiKey']).toBe(made.prefix);
    expect(line['route']).toBe('/api/v1/report/daily');
    const secret = made.key.slice(made.prefix.length + 1);
    expect(log.text()).not.toContain(secret);

    const listed = (await t.post('/api-key-list', {}, { token: aToken })).body.data.find(
      (k: { id: number }) => k.id === made.id,
    );
    expect(listed.last_used_at).not.toBeNull();
    expect(Math.abs(Date.parse(listed.last_used_at) - Date.now())).toBeLessThan(60_000);
    // A session's request line names no key.
    const s = await t.post('/report/daily', { filters }, { token: aToken });
    const sid = s.headers.get('x-request-id')!;
    await expect.poll(() => log.requests().some((l) => l.reqId === sid)).toBe(true);
    expect(log.requests().find((l) => l.reqId === sid)!['apiKey']).toBeUndefined();
  });
});
