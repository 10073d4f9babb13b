import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_CODE_TTL_SECONDS } from '@portal/shared';
import { loginCodesService } from '../../src/modules/login-codes/login-codes.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addAccount, createPublisher, type PublisherFixture } from '../helpers/factories.ts';

const EXCHANGE = '/user/exchange-login-code';
const REFUSED = {
  error: { code: '0x401', message: 'This login link is invalid, has expired or has already been used.' },
};
const TOO_MANY = { error: { code: '0x4290', message: 'Too many attempts. Please try again later.' } };
const CLI = { address: null, userAgent: 'admin CLI on test' };

const newCode = (t: TestApp, p: PublisherFixture, operator = 'alice', publisherId?: number) =>
  loginCodesService.create(t.app.ctx, {
    email: p.email,
    operator,
    meta: CLI,
    ...(publisherId ? { publisherId } : {}),
  });

const auditOf = (t: TestApp, userId: number) =>
  t.app.ctx.db
    .selectFrom('impersonation_audit')
    .select(['action', 'operator', 'user_id', 'user_email', 'publisher_id', 'address', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

describe('one-time login codes: made by an operator, exchanged once for a session', () => {
  let t: TestApp;
  let p: PublisherFixture;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    p = await createPublisher(t);
  });
  afterAll(() => t.close());

  it('makes a link of docs/screens.md with the code, stores only its hash, and expires it in a few minutes', async () => {
    const made = await newCode(t, p);
    expect(made.link).toBe(`${t.app.ctx.config.publicUrl}/?login_code=${made.code}&publisher_id=${p.publisherId}`);
    expect(made.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.app.ctx.db
      .selectFrom('login_codes')
      .selectAll()
      .where('code_hash', '=', crypto.createHash('sha256').update(made.code).digest('hex'))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(made.code);
    expect(row.operator).toBe('alice');
    expect(row.used_at).toBeNull();
    const life = (row.expires_at.getTime() - row.created_at.getTime()) / 1000;
    expect(life).toBe(LOGIN_CODE_TTL_SECONDS);
    expect(LOGIN_CODE_TTL_SECONDS).toBeLessThanOrEqual(10 * 60);
  });

  it('answers a session token exactly as a login does, naming the acting operator in the token', async () => {
    const made = await newCode(t, p, 'bob@support');
    const r = await t.post(EXCHANGE, { code: made.code });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data).sort()).toEqual(['jwt', 'multilogin_enabled']);
    expect(r.body.data.multilogin_enabled).toBe(false);
    const claims = decodeJwt(r.body.data.jwt);
    expect(claims['act']).toEqual({ sub: 'bob@support' });
    expect(claims['pub']).toBe(p.publisherId);
    expect(claims.sub).toBe(String(p.userId));
    const me = await t.get('/user/me.json', { token: r.body.data.jwt });
    expect(me.status).toBe(200);
    expect(me.body.data.user.email).toBe(p.email);
  });

  it('a login with a password carries no operator', async () => {
    const r = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
    expect(r.status).toBe(200);
    expect(decodeJwt(r.body.data.jwt)['act']).toBeUndefined();
  });

  it('logs in to the account the link names when the user has several', async () => {
    const second = await addAccount(t, p.userId);
    const made = await newCode(t, p, 'alice', second.publisherId);
    expect(made.link).toContain(`publisher_id=${second.publisherId}`);
    const r = await t.post(EXCHANGE, { code: made.code });
    expect(r.status).toBe(200);
    expect(decodeJwt(r.body.data.jwt)['pub']).toBe(second.publisherId);
  });

  it("switching to the user's other account keeps the acting operator in the new token", async () => {
    const u = await createPublisher(t);
    const other = await addAccount(t, u.userId);
    const made = await newCode(t, u, 'carol@support');
    const session = (await t.post(EXCHANGE, { code: made.code })).body.data.jwt as string;
    const switched = await t.post(
      '/impersonate',
      { user_id: u.userId, publisher_id: other.publisherId },
      { token: session },
    );
    expect(switched.status).toBe(200);
    const claims = decodeJwt(switched.body.data.jwt);
    expect(claims['pub']).toBe(other.publisherId);
    expect(claims['act']).toEqual({ sub: 'carol@support' });
    // A session of the user's own keeps carrying none.
    const own = (await t.post('/user/authenticate', { user_name: u.email, password: u.password })).body.data.jwt;
    const ownSwitch = await t.post(
      '/impersonate',
      { user_id: u.userId, publisher_id: other.publisherId },
      { token: own },
    );
    expect(ownSwitch.status).toBe(200);
    expect(decodeJwt(ownSwitch.body.data.jwt)['act']).toBeUndefined();
  });

  it('refuses a used, an expired, an unknown and a malformed code with one answer that does not say which', async () => {
    const used = await newCode(t, p);
    expect((await t.post(EXCHANGE, { code: used.code })).status).toBe(200);
    const expired = await newCode(t, p);
    await t.app.ctx.db
      .updateTable('login_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('code_hash', '=', crypto.createHash('sha256').update(expired.code).digest('hex'))
      .execute();
    const unknown = crypto.randomBytes(32).toString('base64url');
    const answers = [];
    for (const code of [used.code, expired.code, unknown, 'short', '', `${used.code}x`]) {
      const r = await t.post(EXCHANGE, { code }, { headers: { 'x-forwarded-for': '203.0.113.10' } });
      answers.push({ status: r.status, body: r.body });
    }
    for (const a of answers) expect(a).toEqual({ status: 401, body: REFUSED });
  });

  it('a code is void once the user changes their password (the token version moved on)', async () => {
    const made = await newCode(t, p);
    await t.app.ctx.db
      .updateTable('users')
      .set({ token_version: sql`token_version + 1` })
      .where('id', '=', p.userId)
      .execute();
    expect(await t.post(EXCHANGE, { code: made.code })).toMatchObject({ status: 401, body: REFUSED });
  });

  it('a code for an account that is no longer active is refused', async () => {
    const q = await createPublisher(t);
    const made = await newCode(t, q);
    await t.app.ctx.db.updateTable('publishers').set({ status: 'suspended' }).where('id', '=', q.publisherId).execute();
    expect(await t.post(EXCHANGE, { code: made.code })).toMatchObject({ status: 401, body: REFUSED });
  });

  it('two exchanges at the same moment: exactly one wins', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await newCode(t, p);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          t.post(EXCHANGE, { code: made.code }, { headers: { 'x-forwarded-for': `203.0.113.${20 + i}` } }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
    }
  });

  it('writes an audit row when a code is made and when it is exchanged: when, operator, user, publisher, address, user agent', async () => {
    const q = await createPublisher(t);
    const made = await newCode(t, q, 'carol');
    const r = await t.post(
      EXCHANGE,
      { code: made.code },
      { headers: { 'x-forwarded-for': '198.51.100.7', 'user-agent': 'Mozilla/5.0 (audit test)' } },
    );
    expect(r.status).toBe(200);
    expect(await auditOf(t, q.userId)).toEqual([
      {
        action: 'code_created',
        operator: 'carol',
        user_id: q.userId,
        user_email: q.email,
        publisher_id: q.publisherId,
        address: null,
        user_agent: 'admin CLI on test',
      },
      {
        action: 'code_exchanged',
        operator: 'carol',
        user_id: q.userId,
        user_email: q.email,
        publisher_id: q.publisherId,
        address: '198.51.100.7',
        user_agent: 'Mozilla/5.0 (audit test)',
      },
    ]);
    // A refused exchange is not an exchange.
    expect((await t.post(EXCHANGE, { code: made.code })).status).toBe(401);
    expect(await auditOf(t, q.userId)).toHaveLength(2);
    const listed = await loginCodesService.listAudit(t.app.ctx, { email: q.email.toUpperCase() });
    expect(listed.map((l) => l.action)).toEqual(['code_exchanged', 'code_created']);
  });

  it('refuses to make a code for an unknown user, an unlinked or inactive account, or without an operator', async () => {
    await expect(
      loginCodesService.create(t.app.ctx, { email: 'nobody@example.test', operator: 'x', meta: CLI }),
    ).rejects.toThrow('no user nobody@example.test');
    const other = await createPublisher(t);
    await expect(newCode(t, p, 'x', other.publisherId)).rejects.toThrow(/not linked/);
    const pending = await createPublisher(t, { status: 'pending' });
    await expect(newCode(t, pending)).rejects.toThrow(/not linked to an active publisher/);
    await expect(newCode(t, pending, 'x', pending.publisherId)).rejects.toThrow(/pending, not active/);
    await expect(newCode(t, p, '   ')).rejects.toThrow(/operator/);
  });

  it('refuses malformed bodies with 422', async () => {
    for (const body of [{}, { code: 5 }, { code: 'x', extra: 1 }, { code: 'x'.repeat(300) }]) {
      expect((await t.post(EXCHANGE, body)).status, JSON.stringify(body)).toBe(422);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths['/api/v1/user/exchange-login-code']?.post).toBeDefined();
  });
});

describe('failed exchanges are throttled per client address', () => {
  let t: TestApp;
  let p: PublisherFixture;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    p = await createPublisher(t);
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const bad = () => crypto.randomBytes(32).toString('base64url');

  it('20 failures from one address, then 429 with Retry-After even for a good code; successes cost nothing; other addresses go on', async () => {
    const ip = '192.0.2.50';
    for (let i = 0; i < 19; i++) expect((await t.post(EXCHANGE, { code: bad() }, from(ip))).status).toBe(401);
    // Successes in between are given back: they do not bring the address nearer its limit.
    for (let i = 0; i < 3; i++) {
      const made = await newCode(t, p);
      expect((await t.post(EXCHANGE, { code: made.code }, from(ip))).status).toBe(200);
    }
    expect((await t.post(EXCHANGE, { code: bad() }, from(ip))).status).toBe(401);
    const refused = await t.post(EXCHANGE, { code: bad() }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(TOO_MANY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const good = await newCode(t, p);
    expect((await t.post(EXCHANGE, { code: good.code }, from(ip))).status).toBe(429);
    // The refused try did not use the code up: from another address it still works.
    expect((await t.post(EXCHANGE, { code: good.code }, from('192.0.2.51'))).status).toBe(200);
  });
});

describe('a login code never reaches the log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
  });
  afterAll(() => t.close());

  it('neither the link, the exchange, its refusal, nor the session token', async () => {
    const p = await createPublisher(t);
    const made = await newCode(t, p);
    await fetch(made.link.replace(t.app.ctx.config.publicUrl, t.url), { headers: { accept: 'text/html' } });
    const ok = await t.post(EXCHANGE, { code: made.code });
    expect(ok.status).toBe(200);
    const again = await t.post(EXCHANGE, { code: made.code });
    expect(again.status).toBe(401);
    expect(JSON.stringify(again.body)).not.toContain(made.code);
    await expect.poll(() => lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(3);
    const text = lines.join('\n');
    expect(text).toContain('"route":"/","query":"login_code&publisher_id"');
    expect(text).toContain('"route":"/api/v1/user/exchange-login-code"');
    expect(text).not.toContain(made.code);
    expect(text).not.toContain(ok.body.data.jwt);
  });
});
