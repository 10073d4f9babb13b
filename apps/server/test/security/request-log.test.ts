import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { captureLog, INFO } from '../helpers/log-capture.ts';
import { click, convert, createTrackedOffer } from '../helpers/tracking-factories.ts';
import { LOOP_HEADER } from '../../src/modules/postback-deliveries/loop-guard.ts';

const CLICK_ROUTE = '/c/:offerId/:publisherId';

/** A server with its log read back, an offer and a publisher to click. */
async function loggedApp(env: Record<string, string>) {
  const log = captureLog();
  const t = await createTestApp({ LOG_LEVEL: 'info', ...env }, { logStream: log.stream });
  const pub = await createPublisher(t);
  const offer = await createTrackedOffer(t);
  /** Waits for the line of a marker request, so every earlier response's line is written. */
  const settle = async () => {
    const r = await fetch(`${t.url}/api/v1/health`);
    const id = r.headers.get('x-request-id');
    await expect.poll(() => log.requests().some((l) => l.reqId === id)).toBe(true);
  };
  const clicks = async (n: number) => {
    for (let i = 0; i < n; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, n - i) }, (_, k) =>
          click(t, offer.offerId, pub.publisherId, { s1: `p${i + k}` }, { 'user-agent': `ua ${i + k}` }),
        ),
      );
      for (const c of batch) expect(c.status).toBe(302);
    }
  };
  const looped = () => click(t, offer.offerId, pub.publisherId, {}, { [LOOP_HEADER]: t.app.ctx.instanceId });
  const clickLines = () => log.requests().filter((l) => l['route'] === CLICK_ROUTE);
  return { t, log, pub, offer, settle, clicks, looped, clickLines };
}

describe('the request line (default TRACKING_LOG=errors, TRUST_PROXY set)', () => {
  let a: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    a = await loggedApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => a.t.close());

  it('is one line at info per request: method, route, status, time, request id, client address', async () => {
    const { t, log } = a;
    const pub = await createPublisher(t);
    const jwt = await login(t, pub);
    const answers = [
      await t.get('/user/me.json', { token: jwt, headers: { 'x-forwarded-for': '203.0.113.7' } }),
      await t.post('/user/authenticate?next=x', { user_name: pub.email, password: 'wrong password' }),
      await t.get('/no/such/route?token=x'),
    ];
    const ids = answers.map((r) => r.headers.get('x-request-id')!);
    await expect.poll(() => ids.every((id) => log.requests().some((l) => l.reqId === id))).toBe(true);
    for (const id of ids) {
      expect(
        log.lines().filter((l) => l.reqId === id && l.level === INFO),
        id,
      ).toHaveLength(1);
    }
    const line = (i: number) => log.requests().find((l) => l.reqId === ids[i])!;
    expect(line(0)).toMatchObject({
      level: INFO,
      method: 'GET',
      route: '/api/v1/user/me.json',
      status: 200,
      ip: '203.0.113.7',
    });
    expect(line(1)).toMatchObject({
      method: 'POST',
      route: '/api/v1/user/authenticate',
      query: 'next',
      status: 401,
      ip: '127.0.0.1',
    });
    expect(line(2)).toMatchObject({ method: 'GET', route: '/api/v1/no/such/route', query: 'token', status: 404 });
    for (const i of [0, 1, 2]) expect(typeof line(i)['ms']).toBe('number');
    // Fastify's own two lines per request are gone.
    expect(log.lines().filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('writes clicks and pixels only when they fail (5xx); every conversion call', async () => {
    const { t, log } = a;
    await a.clicks(30);
    const refused = await convert(t, { token: 'not-the-token', tid: '0190a000-0000-7000-8000-000000000000' });
    expect(refused.status).toBe(403);
    expect((await fetch(`${t.url}/pixel?tid=x`)).status).toBe(200);
    expect((await a.looped()).status).toBe(508);
    await a.settle();
    expect(a.clickLines().map((l) => l['status'])).toEqual([508]);
    expect(log.requests().filter((l) => l['route'] === '/pixel')).toEqual([]);
    expect(log.requests().filter((l) => l['route'] === '/postback')).toEqual([
      expect.objectContaining({ method: 'GET', status: 403, query: 'token&tid' }),
    ]);
  });
});

describe('TRACKING_LOG=all', () => {
  let a: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    a = await loggedApp({ TRACKING_LOG: 'all' });
  });
  afterAll(() => a.t.close());

  it('writes every click, conversion call and pixel; the address is the peer without TRUST_PROXY', async () => {
    const { t, log } = a;
    await a.clicks(30);
    expect(
      (await convert(t, { token: 'not-the-token', tid: 'x' }, { headers: { 'x-forwarded-for': '203.0.113.7' } }))
        .status,
    ).toBe(403);
    expect((await fetch(`${t.url}/pixel?tid=x`)).status).toBe(200);
    await a.settle();
    const lines = a.clickLines();
    expect(lines).toHaveLength(30);
    expect(lines.every((l) => l['status'] === 302 && l['query'] === 's1' && l['method'] === 'GET')).toBe(true);
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(30);
    expect(log.requests().find((l) => l['route'] === '/postback')).toMatchObject({
      status: 403,
      query: 'token&tid',
      ip: '127.0.0.1',
    });
    expect(log.requests().find((l) => l['route'] === '/pixel')).toMatchObject({ status: 200, query: 'tid' });
  });
});

describe('TRACKING_LOG=sample:0.25', () => {
  let a: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    a = await loggedApp({ TRACKING_LOG: 'sample:0.25' });
  });
  afterAll(() => a.t.close());

  it('writes about a quarter of the clicks, and every failure', async () => {
    await a.clicks(240);
    for (let i = 0; i < 5; i++) expect((await a.looped()).status).toBe(508);
    await a.settle();
    const written = a.clickLines();
    expect(written.filter((l) => l['status'] === 508)).toHaveLength(5);
    // 240 draws at 0.25: mean 60, standard deviation 6.7; 25–95 is more than five of them.
    const sampled = written.filter((l) => l['status'] === 302).length;
    expect(sampled).toBeGreaterThan(25);
    expect(sampled).toBeLessThan(95);
  });
});
