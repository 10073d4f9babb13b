import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { captureLog, ERROR, WARN, type LogLine } from '../helpers/log-capture.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';

/**
 * No secret reaches a log line: the server's own log (every tracking request logged), read line
 * by line after real calls that carry secrets in the query, the body, headers and delivery URLs.
 */
describe('the server log', () => {
  let t: TestApp;
  let rx: Receiver;
  const log = captureLog();
  beforeAll(async () => {
    rx = await startReceiver();
    t = await createTestApp(
      {
        LOG_LEVEL: 'info',
        TRACKING_LOG: 'all',
        POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
        POSTBACK_MAX_ATTEMPTS: '2',
        POSTBACK_RETRY_BASE_MS: '20',
        POSTBACK_TIMEOUT_MS: '1000',
      },
      { logStream: log.stream },
    );
  });
  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  const SECRETS = {
    reset: 'RESETsecret0123456789abcdefghijklmnopqrstuvwxyz',
    advertiser: 'ADVsecret0123456789',
    signature: 'SIGsecret0123456789',
    code: 'CODEsecret0123456789',
    password: 'PASSsecret0123456789',
    jwt: 'JWTsecret0123456789',
  };
  const urlOf = (l: LogLine) => `${String(l['route'])}${l['query'] ? `?${String(l['query'])}` : ''}`;

  it('writes route patterns and query names, never the values', async () => {
    await fetch(`${t.url}/forgot-password/${SECRETS.reset}`, { headers: { accept: 'text/html' } });
    await fetch(`${t.url}/forgot-password/${SECRETS.reset}?from=mail`, { headers: { accept: 'text/html' } });
    await fetch(`${t.url}/postback?token=${SECRETS.advertiser}&transaction_id=abc&amount=1`);
    await fetch(`${t.url}/pixel?offer_id=1&transaction_id=abc&amount=5&sig=${SECRETS.signature}`);
    await fetch(`${t.url}/?login_code=${SECRETS.code}&publisher_id=1`, { headers: { accept: 'text/html' } });
    await fetch(`${t.url}/no/such/path?token=${SECRETS.advertiser}`);
    await t.post('/user/authenticate', { user_name: 'nobody@example.com', password: SECRETS.password });
    await t.get('/user/me.json', { token: SECRETS.jwt });
    await expect.poll(() => log.requests().length).toBeGreaterThanOrEqual(8);

    const text = log.text();
    for (const [what, secret] of Object.entries(SECRETS)) expect(text, what).not.toContain(secret);
    expect(log.requests().map(urlOf)).toEqual(
      expect.arrayContaining([
        '/forgot-password/:token',
        '/forgot-password/:token?from',
        '/postback?token&transaction_id&amount',
        '/pixel?offer_id&transaction_id&amount&sig',
        '/?login_code&publisher_id',
        '/no/such/path?token',
        '/api/v1/user/authenticate',
        '/api/v1/user/me.json',
      ]),
    );
  });

  it('(a) an advertiser conversion call and (d) its postback delivery to a URL with ?token=secret123', async () => {
    rx.behave((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    await createTrackingPostback(t, pub.publisherId, {
      value: `${rx.url}/pb?tid={tid}&token=secret123&api_key=KEYsecret42&payout={conversion_earnings}`,
      offer_id: offer.offerId,
    });
    const c = await click(t, offer.offerId, pub.publisherId, { s1: 'placement' });
    expect(c.status).toBe(302);
    const conv = await convert(t, { token: offer.token, tid: c.tid!, adv_transaction_id: 'ORDER-1' });
    expect(conv.status).toBe(200);
    // Two attempts (500, 500): the retry at debug, then the delivery given up at warn.
    const gaveUp = (l: LogLine) => l.msg === 'postback delivery failed: no more attempts';
    await expect.poll(() => log.lines().some(gaveUp), { timeout: 10_000 }).toBe(true);
    const given = log.lines().find(gaveUp)!;
    expect(given.level).toBe(WARN);
    // The receiver was called with the real URL; the log names it with the values masked.
    expect(rx.requests[0]!.url).toContain('token=secret123');
    expect(given['url']).toMatch(/\/pb\?tid=[0-9a-f-]+&token=\*\*\*&api_key=\*\*\*&payout=[\d.]+$/);
    expect(given['attempt']).toBe(2);

    const text = log.text();
    for (const secret of ['secret123', 'KEYsecret42', offer.token]) expect(text).not.toContain(secret);
    const conversionLine = log.requests().find((l) => l['route'] === '/postback' && l['status'] === 200);
    expect(conversionLine?.['query']).toBe('token&tid&adv_transaction_id');
  });

  it('(e) a postback URL with secrets in its path and under names no list foresees (?k=, ?q=)', async () => {
    rx.behave((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    const PATH_SECRET = 'Xy7kQ2mN9pL4rT6vW8zB1cD3';
    const K_SECRET = '3f9a8b7c6d5e4f3a2b1c0d9e8f7a';
    const Q_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8I';
    const pub = await createPublisher(t);
    const jwt = await login(t, pub);
    const offer = await createTrackedOffer(t);
    await createTrackingPostback(t, pub.publisherId, {
      value: `${rx.url}/hooks/T0123ABCD/${PATH_SECRET}/pb?k=${K_SECRET}&q=${Q_SECRET}&tid={tid}&sub={s1}`,
      offer_id: offer.offerId,
    });
    const c = await click(t, offer.offerId, pub.publisherId, { s1: 'summer-sale-2026' });
    expect((await convert(t, { token: offer.token, tid: c.tid! })).status).toBe(200);
    const gaveUp = (l: LogLine) =>
      l.msg === 'postback delivery failed: no more attempts' && String(l['url']).includes('/hooks/');
    await expect.poll(() => log.lines().some(gaveUp), { timeout: 10_000 }).toBe(true);
    expect(rx.requests.some((q) => q.url.includes(PATH_SECRET) && q.url.includes(K_SECRET))).toBe(true);
    const shown = `${rx.url}/hooks/T0123ABCD/Xy7k***/pb?k=***&q=whse***&tid=${c.tid}&sub=summer-sale-2026`;
    expect(log.lines().find(gaveUp)!['url']).toBe(shown);
    // The publisher's delivery log shows the same, readable ids and sub IDs kept.
    const attempts = await t.post('/postback-delivery/log', { limit: 5 }, { token: jwt });
    expect(attempts.status).toBe(200);
    expect(attempts.body.data.map((a: { url: string }) => a.url)).toEqual([shown, shown]);
    const text = `${log.text()}${JSON.stringify(attempts.body)}`;
    for (const secret of [PATH_SECRET, K_SECRET, Q_SECRET]) expect(text).not.toContain(secret);
  });

  it('(b) a failed login with a password in the body (and in the query)', async () => {
    const pub = await createPublisher(t);
    const r = await t.post(`/user/authenticate?password=${SECRETS.password}Q`, {
      user_name: pub.email,
      password: `${SECRETS.password}B`,
    });
    expect(r.status).toBe(401);
    const id = r.headers.get('x-request-id')!;
    await expect.poll(() => log.requests().some((l) => l.reqId === id)).toBe(true);
    expect(log.text()).not.toContain(SECRETS.password);
  });

  it('(c) a request with Authorization: Bearer <jwt> and cookies', async () => {
    const pub = await createPublisher(t);
    const jwt = await login(t, pub);
    const r = await t.get('/user/me.json', {
      token: jwt,
      headers: { cookie: 'ptid=COOKIEsecret0123; session=COOKIEsecret4567' },
    });
    expect(r.status).toBe(200);
    // A session token and an API key together are refused (one identity per request).
    const both = await t.get('/user/me.json', {
      token: jwt,
      headers: { cookie: 'ptid=COOKIEsecret0123; session=COOKIEsecret4567', 'x-api-key': 'APIKEYsecret89' },
    });
    expect(both.status).toBe(401);
    for (const id of [r.headers.get('x-request-id')!, both.headers.get('x-request-id')!])
      await expect.poll(() => log.requests().some((l) => l.reqId === id)).toBe(true);
    const text = log.text();
    for (const secret of [jwt, jwt.split('.')[2]!, 'COOKIEsecret', 'APIKEYsecret89'])
      expect(text).not.toContain(secret);
  });

  it('censors credential headers wherever a logged object carries headers', () => {
    t.app.log.warn(
      {
        headers: {
          authorization: 'Bearer HDRsecret1',
          cookie: 'a=HDRsecret2',
          'x-api-key': 'HDRsecret3',
          accept: 'text/html',
        },
        response: { headers: { 'set-cookie': 'sid=HDRsecret4' } },
        request: { headers: { 'proxy-authorization': 'Basic HDRsecret5' } },
      },
      'headers seen',
    );
    const line = log.lines().find((l) => l.msg === 'headers seen')!;
    expect(JSON.stringify(line)).not.toContain('HDRsecret');
    expect(line['headers']).toEqual({
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      accept: 'text/html',
    });
    expect(line['response']).toEqual({ headers: { 'set-cookie': '[redacted]' } });
  });

  it('a server error is logged once at error, with its stack, and no query value or body', async () => {
    const pub = await createPublisher(t);
    const jwt = await login(t, pub);
    await sql`ALTER TABLE notifications RENAME TO notifications_away`.execute(t.app.ctx.db);
    try {
      const r = await t.post(`${API_PATHS.notificationModal}?token=ERRsecret1&sig=ERRsecret2`, {}, { token: jwt });
      expect(r.status).toBe(500);
      const id = r.headers.get('x-request-id')!;
      await expect.poll(() => log.requests().some((l) => l.reqId === id)).toBe(true);
      const errors = log.lines().filter((l) => l.reqId === id && l.level >= ERROR);
      expect(errors).toHaveLength(1);
      const err = errors[0]!['err'] as { message: string; stack: string };
      expect(err.stack).toMatch(/notifications/);
      expect(err.stack).toMatch(/\n\s+at /);
      expect(errors[0]!['route']).toBe(`/api/v1${API_PATHS.notificationModal}?token&sig`);
      expect(log.requests().find((l) => l.reqId === id)).toMatchObject({ status: 500 });
    } finally {
      await sql`ALTER TABLE notifications_away RENAME TO notifications`.execute(t.app.ctx.db);
    }
    expect(log.text()).not.toContain('ERRsecret');
  });
});
