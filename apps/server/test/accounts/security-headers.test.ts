import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';

/** The XSRF-TOKEN value from a Set-Cookie header, if any. */
const xsrfFrom = (headers: Headers): string | undefined =>
  headers
    .getSetCookie()
    .map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1])
    .find(Boolean);

describe('security headers and the XSRF cookie check', () => {
  let t: TestApp;
  let p: PublisherFixture;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    p = await createPublisher(t);
    token = await login(t, p);
  });
  afterAll(() => t.close());

  it('every API answer, success or error, carries the docs/security.md headers', async () => {
    const answers = [
      await t.get('/user/me.json', { token }),
      await t.get('/user/me.json'),
      await t.post('/user/authenticate', { user_name: p.email, password: 'wrong-password' }),
      await t.post('/user/update', { user_timezone: 'Nowhere/Land' }, { token }),
      await t.post('/no-such-call', {}),
      await t.get('/country-codes'),
      await t.post('/user/authenticate', undefined, {
        raw: '{broken',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    for (const r of answers) {
      const what = `${r.status}`;
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, what).toContain("default-src 'self'");
      expect(csp, what).toContain("frame-ancestors 'none'");
      expect(csp, what).toMatch(/script-src 'self'(;|$)/);
      expect(csp, what).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, what).toContain("object-src 'none'");
      expect(r.headers.get('x-content-type-options'), what).toBe('nosniff');
      expect(r.headers.get('cache-control'), what).toBe('no-store');
      expect(r.headers.get('x-request-id'), what).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.headers.get('x-powered-by'), what).toBeNull();
      expect(r.headers.get('content-type'), what).toMatch(/^application\/json/);
    }
  });

  it('sets a readable XSRF-TOKEN cookie for the web app to echo', async () => {
    const r = await t.get('/country-codes');
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(xsrfFrom(r.headers)!.length).toBeGreaterThanOrEqual(32);
  });

  it('a state-changing call carrying the cookie without the matching X-XSRF-TOKEN header answers 403 and changes nothing', async () => {
    const xsrf = xsrfFrom((await t.get('/country-codes')).headers)!;
    const cookie = `XSRF-TOKEN=${xsrf}`;
    const forbidden = {
      error: { code: '0x4030', message: 'Missing or invalid XSRF token. Reload the page and try again.' },
    };

    const none = await t.post('/user/update', { user_timezone: 'Asia/Tokyo' }, { token, headers: { cookie } });
    expect(none.status).toBe(403);
    expect(none.body).toEqual(forbidden);
    const wrong = await t.post(
      '/user/update',
      { user_timezone: 'Asia/Tokyo' },
      { token, headers: { cookie, 'x-xsrf-token': `${xsrf}x` } },
    );
    expect(wrong.status).toBe(403);
    const empty = await t.post(
      '/user/update',
      { user_timezone: 'Asia/Tokyo' },
      { token, headers: { cookie, 'x-xsrf-token': '' } },
    );
    expect(empty.status).toBe(403);
    // Also before any body parsing or login: an anonymous login attempt is refused the same way.
    const anon = await t.post(
      '/user/authenticate',
      { user_name: p.email, password: p.password },
      { headers: { cookie } },
    );
    expect(anon.status).toBe(403);
    const row = await t.app.ctx.db
      .selectFrom('users')
      .select('timezone')
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(row.timezone).toBe('UTC');

    const ok = await t.post(
      '/user/update',
      { user_timezone: 'Asia/Tokyo' },
      { token, headers: { cookie, 'x-xsrf-token': xsrf } },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.user_timezone).toBe('Asia/Tokyo');
  });

  it('reads need no header, and clients that send no cookie (scripts, the API docs) are not affected', async () => {
    const xsrf = xsrfFrom((await t.get('/country-codes')).headers)!;
    expect((await t.get('/user/me.json', { token, headers: { cookie: `XSRF-TOKEN=${xsrf}` } })).status).toBe(200);
    expect((await t.post('/user', {}, { token })).status).toBe(200);
  });

  it('the OpenAPI description of the accounts calls is served at /api/docs/json', async () => {
    const r = await fetch(`${t.url}/api/docs/json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/user/authenticate',
      '/user/two-factor-authentication/verify-code',
      '/impersonate',
      '/publisher/sign-up',
      '/reset-password',
      '/user/update-password',
      '/timezone',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(`/api/v1${path}`);
    }
  });
});
