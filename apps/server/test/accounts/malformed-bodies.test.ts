import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';

/** Every POST call of the accounts API with a body that would be valid (or at least well-formed). */
const ROUTES: [string, Record<string, unknown>][] = [
  ['/user/authenticate', { user_name: 'a@example.test', password: 'password-1' }],
  ['/user/two-factor-authentication/verify-code', { code: '123456' }],
  ['/user/two-factor-authentication/status', {}],
  ['/user/two-factor-authentication/setup', {}],
  ['/user/two-factor-authentication/enable', { code: '123456' }],
  ['/user/two-factor-authentication/disable', { code: '123456' }],
  ['/multi-login', {}],
  ['/impersonate', { user_id: 1, publisher_id: 1 }],
  ['/publisher/sign-up', { user_email: 'a@example.test', speculative: true }],
  ['/send-reset-password-token', { user_email: 'a@example.test' }],
  ['/verify-reset-password-token', { token: 'abc' }],
  ['/reset-password', { token: 'abc', new_password: 'password-1', new_password_verify: 'password-1' }],
  ['/manager', {}],
  ['/user', {}],
  ['/user/update', { user_timezone: 'UTC' }],
  ['/user/update-password', { current_password: 'a', new_password: 'b', new_password_verify: 'b' }],
  ['/user/update-notification', { notification_subscriptions: [] }],
  ['/timezone', {}],
];

const CLIENT_ERRORS = [400, 413, 415, 422];

/** Sends exactly these bytes and headers (fetch would add or refuse some). */
function send(
  url: string,
  path: string,
  opts: { body?: Buffer | string; headers?: Record<string, string>; method?: string; chunked?: boolean },
): Promise<{ status: number; body: any }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...(opts.headers ?? {}) };
    if (opts.body !== undefined && !opts.chunked) headers['content-length'] = Buffer.byteLength(opts.body);
    const req = http.request(
      { host: u.hostname, port: u.port, path: `/api/v1${path}`, method: opts.method ?? 'POST', headers },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* keep text */
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    // The server may answer 413 and close before a huge body is fully sent.
    req.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
    );
    if (opts.chunked && opts.body !== undefined) {
      const buf = Buffer.from(opts.body);
      for (let i = 0; i < buf.length; i += 64 * 1024) req.write(buf.subarray(i, i + 64 * 1024));
      req.end();
    } else req.end(opts.body);
  });
}

const isErrorBody = (b: any) =>
  typeof b === 'object' &&
  b !== null &&
  typeof b.error?.code === 'string' &&
  typeof b.error?.message === 'string' &&
  !/stack|at \w+ \(/.test(JSON.stringify(b));

describe('B10: malformed bodies get a clear 4xx, never 500, and change nothing', () => {
  let t: TestApp;
  let p: PublisherFixture;
  let token: string;
  let snapshot: () => Promise<unknown>;
  let before: unknown;

  beforeAll(async () => {
    t = await createTestApp();
    p = await createPublisher(t);
    token = await login(t, p);
    const db = t.app.ctx.db;
    snapshot = async () => ({
      users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
      publishers: await db.selectFrom('publishers').selectAll().orderBy('id').execute(),
      links: await db.selectFrom('publisher_users').selectAll().orderBy('user_id').execute(),
      resets: await db.selectFrom('password_reset_tokens').selectAll().execute(),
      recovery: await db.selectFrom('recovery_codes').selectAll().execute(),
      signups: await db.selectFrom('signup_counters').selectAll().execute(),
    });
    before = await snapshot();
  });
  afterAll(() => t.close());

  const auth = () => ({ authorization: `Bearer ${token}` });
  const expectClientError = (r: { status: number; body: any }, what: string) => {
    expect(CLIENT_ERRORS, `${what} → ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`).toContain(r.status);
    expect(isErrorBody(r.body), `${what} body ${JSON.stringify(r.body).slice(0, 200)}`).toBe(true);
  };

  it('broken JSON answers 400 "not valid JSON" on every call', async () => {
    for (const [path] of ROUTES) {
      for (const raw of ['{"user_name":', "{'a':1}", '{"a":1}}', 'undefined', '{"a":NaN}', '\u0000', '{"a":"\\x"}']) {
        const r = await send(t.url, path, { body: raw, headers: { 'content-type': 'application/json', ...auth() } });
        expect(r.status, `${path} ${raw}`).toBe(400);
        expect(r.body).toEqual({ error: { code: '0x4010', message: 'The request body is not valid JSON.' } });
      }
    }
  });

  it('JSON that is not an object, prototype-pollution keys and deep nesting are refused', async () => {
    for (const [path] of ROUTES) {
      for (const raw of ['null', '[]', '"text"', '42', 'true', '[{"user_name":"a"}]']) {
        // `null` is "no body" for the calls that take none.
        if (raw === 'null' && Object.keys(ROUTES.find(([x]) => x === path)![1]).length === 0) continue;
        const r = await send(t.url, path, { body: raw, headers: { 'content-type': 'application/json', ...auth() } });
        expectClientError(r, `${path} ${raw}`);
      }
      for (const raw of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
        const r = await send(t.url, path, { body: raw, headers: { 'content-type': 'application/json', ...auth() } });
        expectClientError(r, `${path} ${raw}`);
      }
    }
    const deep = `{"user_name":${'['.repeat(50_000)}${']'.repeat(50_000)},"password":"x"}`;
    expectClientError(
      await send(t.url, '/user/authenticate', { body: deep, headers: { 'content-type': 'application/json' } }),
      'deep nesting',
    );
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });

  it('unknown fields, wrong types and missing fields answer 422 with field errors on every call', async () => {
    for (const [path, valid] of ROUTES) {
      const unknown = await t.post(path, { ...valid, is_admin: true }, { token });
      expect(unknown.status, `${path} unknown field`).toBe(422);
      expect(unknown.body.errors.is_admin).toEqual({ code: '0x4010', message: 'Unknown field.' });
      for (const [field] of Object.entries(valid)) {
        for (const wrong of [{ nested: true }, [1, 2], 12.5, typeof valid[field] === 'boolean' ? 'true' : false]) {
          const r = await t.post(path, { ...valid, [field]: wrong }, { token });
          expect(r.status, `${path} ${field}=${JSON.stringify(wrong)}`).toBe(422);
          expect(
            Object.keys(r.body.errors).some((k) => k === field || k.startsWith(`${field}.`)),
            `${path} ${field}`,
          ).toBe(true);
        }
        const huge = await t.post(path, { ...valid, [field]: 'x'.repeat(500_000) }, { token });
        expectClientError(huge, `${path} ${field} huge`);
      }
    }
    for (const path of [
      '/user/authenticate',
      '/impersonate',
      '/user/update',
      '/user/update-notification',
      '/verify-reset-password-token',
      '/reset-password',
      '/user/two-factor-authentication/enable',
    ]) {
      const r = await t.post(path, {}, { token });
      expect(r.status, `${path} {}`).toBe(422);
      expect(Object.keys(r.body.errors).length, path).toBeGreaterThan(0);
    }
  });

  it('odd Content-Type spellings are read as JSON or refused with 415, never 500', async () => {
    const body = JSON.stringify({ user_name: p.email, password: p.password });
    const seen: Record<string, number> = {};
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'Application/JSON',
      'APPLICATION/JSON; CHARSET=UTF-8',
      'application/json ; charset=utf-8',
      'application/json; charset="utf-8"',
      'application/json; charset=latin1',
      'application/json; foo=bar',
      'application/json\t',
      ' application/json',
      'application/jsonx',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'text/json',
      'text/plain',
      'text/html',
      'application/xml',
      '*/*',
      'application/',
      ';;;',
      'application/json, text/plain',
    ]) {
      const r = await send(t.url, '/user/authenticate', { body, headers: { 'content-type': type } });
      seen[type] = r.status;
      expect([200, ...CLIENT_ERRORS], `${type} → ${r.status} ${JSON.stringify(r.body).slice(0, 160)}`).toContain(
        r.status,
      );
      if (r.status !== 200) expect(isErrorBody(r.body), type).toBe(true);
    }
    expect(seen['application/json']).toBe(200);
    expect(seen['application/json; charset=utf-8']).toBe(200);
    expect(seen['Application/JSON']).toBe(200);
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'text/html',
    ]) {
      expect(seen[type], type).toBe(415);
    }
    const r415 = await send(t.url, '/user/authenticate', {
      body: 'user_name=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r415.body).toEqual({ error: { code: '0x4150', message: 'Send the request body as JSON.' } });
    // A body without any Content-Type is not guessed at.
    const none = await send(t.url, '/user/authenticate', { body });
    expectClientError(none, 'no content-type');
  });

  it('bodies over the 1 MB limit answer 413, with or without Content-Length, 10 MB included', async () => {
    const tooLarge = { error: { code: '0x4130', message: 'The request body is too large.' } };
    const ten = JSON.stringify({ user_name: 'a@example.test', password: 'x'.repeat(10 * 1024 * 1024) });
    for (const path of ['/user/authenticate', '/publisher/sign-up', '/user/update-password']) {
      const r = await send(t.url, path, { body: ten, headers: { 'content-type': 'application/json', ...auth() } });
      expect(r.status, path).toBe(413);
      expect(r.body).toEqual(tooLarge);
    }
    const overLimit = JSON.stringify({ user_name: 'a@example.test', password: 'x'.repeat(1024 * 1024 + 10) });
    for (const [path] of ROUTES) {
      const r = await send(t.url, path, {
        body: overLimit,
        headers: { 'content-type': 'application/json', ...auth() },
      });
      expect(r.status, path).toBe(413);
      expect(r.body).toEqual(tooLarge);
    }
    const chunked = await send(t.url, '/publisher/sign-up', {
      body: ten,
      chunked: true,
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expect(chunked.status).toBe(413);
    const justOver = JSON.stringify({ user_name: 'a@example.test', password: 'x'.repeat(1024 * 1024) });
    expect(
      (await send(t.url, '/user/authenticate', { body: justOver, headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(413);
    // The server is still fine afterwards.
    expect((await t.get('/user/me.json', { token })).status).toBe(200);
  });

  it('query strings of the look-up calls are validated too', async () => {
    for (const path of [
      '/region-codes',
      '/region-codes?country=CA&country=US',
      '/region-codes?country=CA&x=1',
      `/region-codes?country=${'A'.repeat(50)}`,
      `/business-unit/get-by-domain?domain=${'a'.repeat(300)}`,
      '/business-unit/get-by-domain?domain=a&extra=1',
    ]) {
      const r = await t.get(path);
      expect(r.status, path).toBe(422);
      expect(isErrorBody(r.body)).toBe(true);
    }
  });

  it('wrong methods and unknown paths answer a JSON 404', async () => {
    for (const [method, path] of [
      ['PUT', '/user/authenticate'],
      ['GET', '/publisher/sign-up'],
      ['DELETE', '/user'],
      ['POST', '/no-such-call'],
    ] as const) {
      const r = await send(t.url, path, { method, body: '{}', headers: { 'content-type': 'application/json' } });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body.error.code).toBe('0x4040');
    }
  });

  it('after all of the above, stored data is exactly as before', async () => {
    const after = await snapshot();
    expect(after).toEqual(before);
  });
});
