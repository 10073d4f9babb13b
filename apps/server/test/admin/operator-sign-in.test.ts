import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createApiKey } from '../helpers/api-key-factories.ts';
import { adminClient, adminPath, createOperator, operatorLogin } from '../helpers/operator-factories.ts';

const BAD_CREDENTIALS = { error: { code: '0x401', message: 'Invalid credentials.' } };
const UNAUTHENTICATED = { error: { code: '0x4100', message: 'Please log-in again.' } };
const ghost = () => `ghost-${crypto.randomBytes(5).toString('hex')}@example.test`;

describe('operator sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (body: unknown, headers: Record<string, string> = {}) =>
    t.post(adminPath('/auth/login'), body, { headers });

  it('answers coded field errors for a missing or malformed e-mail and password', async () => {
    const empty = await signIn({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      email: { code: '0x4001', message: 'Must provide valid email address.' },
      password: { code: '0x4001', message: 'Must provide a password.' },
    });
    const malformed = await signIn({ email: 'not-an-address', password: 'x' });
    expect(malformed.body.errors).toEqual({ email: { code: '0x4010', message: 'Must provide valid email address.' } });
    const unknown = await signIn({ email: 'a@b.test', password: 'x', user_name: 'a@b.test' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ user_name: { code: '0x4010', message: 'Unknown field.' } });
  });

  it('answers the same 401 for a wrong password, an unknown e-mail and an operator without a password yet', async () => {
    const op = await createOperator(t);
    expect(await signIn({ email: op.email, password: 'wrong-password' })).toMatchObject({
      status: 401,
      body: BAD_CREDENTIALS,
    });
    expect(await signIn({ email: ghost(), password: 'wrong-password' })).toMatchObject({
      status: 401,
      body: BAD_CREDENTIALS,
    });
    const invited = await t.app.ctx.db
      .insertInto('operators')
      .values({ email: ghost(), name: 'Invited', role: 'viewer' })
      .returning('email')
      .executeTakeFirstOrThrow();
    expect(await signIn({ email: invited.email, password: '' })).toMatchObject({ status: 422 });
    expect(await signIn({ email: invited.email, password: 'anything-at-all' })).toMatchObject({
      status: 401,
      body: BAD_CREDENTIALS,
    });
  });

  it('signs in by e-mail in any case; the token opens the operator API, and me names the operator', async () => {
    const op = await createOperator(t, { role: 'viewer', name: 'Vera Viewer' });
    const r = await signIn({ email: `  ${op.email.toUpperCase()} `, password: op.password });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { jwt: expect.any(String), two_factor_required: false } });
    const me = await adminClient(t, r.body.data.jwt).get('/me');
    expect(me.status).toBe(200);
    expect(me.body.data).toEqual({
      id: op.id,
      email: op.email,
      name: 'Vera Viewer',
      role: 'viewer',
      two_factor_enabled: false,
      recovery_codes_left: 0,
      two_factor_required: false,
    });
    const row = await t.app.ctx.db
      .selectFrom('operators')
      .select('last_login_at')
      .where('id', '=', op.id)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).not.toBeNull();
  });

  it('refuses a disabled operator with the right password, 403', async () => {
    const op = await createOperator(t, { status: 'disabled' });
    const r = await signIn({ email: op.email, password: op.password });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('0x4030');
  });

  it('signing out ends that session at once, not the operator’s other sessions', async () => {
    const op = await createOperator(t);
    const a = await operatorLogin(t, op);
    const b = await operatorLogin(t, op);
    expect((await adminClient(t, a).post('/auth/logout')).body).toEqual({ success: true });
    expect(await adminClient(t, a).get('/me')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect((await adminClient(t, b).get('/me')).status).toBe(200);
  });

  it('answers 401 without a token, with a forged or malformed one', async () => {
    expect(await adminClient(t, null).get('/me')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect((await adminClient(t, 'not.a.jwt').get('/me')).status).toBe(401);
    const op = await createOperator(t);
    const token = await operatorLogin(t, op);
    const [h, p] = token.split('.');
    expect((await adminClient(t, `${h}.${p}.${'A'.repeat(43)}`).get('/me')).status).toBe(401);
  });
});

describe('tokens do not cross between the publisher API and the operator API', () => {
  let t: TestApp;
  let publisherJwt: string;
  let apiKey: string;
  let operatorJwt: string;
  beforeAll(async () => {
    t = await createTestApp();
    const p = await createPublisher(t);
    publisherJwt = await login(t, p);
    apiKey = (await createApiKey(t, publisherJwt)).key;
    operatorJwt = await operatorLogin(t, await createOperator(t, { role: 'owner' }));
  });
  afterAll(() => t.close());

  it('a publisher token and an API key (either header) answer 401 on /api/admin/v1', async () => {
    for (const [why, opts] of [
      ['publisher jwt', { token: publisherJwt }],
      ['key as bearer', { token: apiKey }],
      ['key header', { headers: { 'x-api-key': apiKey } }],
      ['operator jwt beside a key header', { token: operatorJwt, headers: { 'x-api-key': apiKey } }],
    ] as const) {
      const me = await t.get(adminPath('/me'), opts);
      expect(me.status, why).toBe(401);
      expect(me.body, why).toEqual(UNAUTHENTICATED);
      const list = await t.post(adminPath('/audit-log'), {}, opts);
      expect(list.status, why).toBe(401);
    }
    // The same credentials still work where they belong.
    expect((await t.get('/user/me.json', { token: publisherJwt })).status).toBe(200);
    expect((await adminClient(t, operatorJwt).get('/me')).status).toBe(200);
  });

  it('an operator token answers 401 on the publisher API, session and API-key routes alike', async () => {
    expect((await t.get('/user/me.json', { token: operatorJwt })).status).toBe(401);
    expect((await t.post('/offer-list', {}, { token: operatorJwt })).status).toBe(401);
    expect((await t.post('/report/daily', {}, { token: operatorJwt })).status).toBe(401);
    expect((await t.post('/user/logout', {}, { token: operatorJwt })).status).toBe(401);
  });
});

describe('operator sign-in throttles: the publisher sign-in’s, counted apart', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('five free failures per account and address, then a wait (429 with Retry-After), the right password too', async () => {
    const op = await createOperator(t);
    for (let i = 0; i < 5; i++)
      expect((await t.post(adminPath('/auth/login'), { email: op.email, password: 'wrong' })).status).toBe(401);
    const sixth = await t.post(adminPath('/auth/login'), { email: op.email, password: 'wrong' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('0x4290');
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await t.post(adminPath('/auth/login'), { email: op.email, password: op.password });
    expect(right.status).toBe(429);
    // The publisher sign-in's buckets are untouched: only the console's.
    const keys = await t.app.ctx.db.selectFrom('throttle_buckets').select('key').execute();
    expect(keys.map((k) => k.key).filter((k) => k.startsWith('login:'))).toEqual([]);
    expect(keys.map((k) => k.key)).toContain(`op-login:acct:${op.email}`);
  });

  it('one address gets 100 tries over all accounts per 15 minutes; the 101st answers 429', async () => {
    // The test above charged this address too: start from an empty budget.
    await t.app.ctx.db.deleteFrom('throttle_buckets').where('key', '=', 'op-login:ip:127.0.0.1').execute();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, 101 - i) }, () =>
          t.post(adminPath('/auth/login'), { email: ghost(), password: 'wrong' }),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 401).length).toBe(100);
    expect(statuses.filter((s) => s === 429).length).toBe(1);
    // The publisher sign-in from the same address is not held back by the console's budget.
    const publisher = await createPublisher(t);
    expect(
      (await t.post('/user/authenticate', { user_name: publisher.email, password: publisher.password })).status,
    ).toBe(200);
  });
});

describe('the operator API in the OpenAPI document, under the API’s security floor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every operator call is tagged admin with a summary; the signed-in ones name the operator token', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      components: { securitySchemes: Record<string, { description?: string }> };
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; security?: object[] }>>;
    };
    expect(doc.components.securitySchemes['operatorBearer']?.description).toContain('/api/admin/v1/auth/login');
    const ops = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/admin/v1/'))
      .flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ p, m, op })));
    expect(ops.map((o) => `${o.m} ${o.p}`)).toEqual(
      expect.arrayContaining(['post /api/admin/v1/auth/login', 'get /api/admin/v1/me', 'post /api/admin/v1/audit-log']),
    );
    for (const { p, m, op } of ops) {
      expect(op.tags, `${m} ${p}`).toEqual(['admin']);
      expect(op.summary, `${m} ${p}`).toBeTruthy();
      const open = p.endsWith('/auth/login') || p.endsWith('/auth/set-password');
      // Open calls say so (an empty requirement), as the API document says of every operation.
      expect(op.security, `${m} ${p}`).toEqual(open ? [] : [{ operatorBearer: [] }]);
    }
  });

  it('answers no-store, and checks the XSRF header on a call that carries the cookie', async () => {
    const op = await createOperator(t);
    const token = await operatorLogin(t, op);
    const me = await adminClient(t, token).get('/me');
    expect(me.headers.get('cache-control')).toBe('no-store');
    const noHeader = await adminClient(t, token).post('/auth/logout', {}, { headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(noHeader.status).toBe(403);
    const withHeader = await adminClient(t, token).post(
      '/auth/logout',
      {},
      { headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' } },
    );
    expect(withHeader.status).toBe(200);
  });
});
