import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addAccount, createPublisher, type PublisherFixture } from '../helpers/factories.ts';

const INVALID = { error: { code: '0x401', message: 'Invalid credentials.' } };
const PENDING_MESSAGE =
  'Your account is currently pending approval. You cannot log in at this time. Please contact support for further assistance';

describe('POST /user/authenticate', () => {
  let t: TestApp;
  let p: PublisherFixture;
  beforeAll(async () => {
    t = await createTestApp();
    p = await createPublisher(t);
  });
  afterAll(() => t.close());

  it('answers an access token for good credentials, and that token opens the portal', async () => {
    const ok = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ data: { jwt: expect.stringMatching(/^ey/), multilogin_enabled: false } });
    const me = await t.get('/user/me.json', { token: ok.body.data.jwt });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({
      id: p.userId,
      email: p.email,
      publisher_id: p.publisherId,
      isLoggedIn: true,
    });
  });

  it('accepts the path with or without the leading slash, and the e-mail in any case with spaces around', async () => {
    const r = await t.post('user/authenticate', { user_name: `  ${p.email.toUpperCase()} `, password: p.password });
    expect(r.status).toBe(200);
  });

  it('answers 0x401 for a bad password or unknown e-mail alike, without saying which part was wrong', async () => {
    const wrong = await t.post('/user/authenticate', { user_name: p.email, password: 'nope-nope-nope' });
    const unknown = await t.post('/user/authenticate', {
      user_name: 'nobody@example.test',
      password: 'nope-nope-nope',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(INVALID);
    expect(unknown.body).toEqual(INVALID);
    // The password is case sensitive and taken as typed.
    const upper = await t.post('/user/authenticate', { user_name: p.email, password: p.password.toUpperCase() });
    expect(upper.body).toEqual(INVALID);
    const spaced = await t.post('/user/authenticate', { user_name: p.email, password: ` ${p.password}` });
    expect(spaced.body).toEqual(INVALID);
  });

  it('refuses an account pending approval with 0x4101 and the spec message, but only after the password matched', async () => {
    const pending = await createPublisher(t, { status: 'pending' });
    const r = await t.post('/user/authenticate', { user_name: pending.email, password: pending.password });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ error: { code: '0x4101', message: PENDING_MESSAGE } });
    const wrong = await t.post('/user/authenticate', { user_name: pending.email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(INVALID);
  });

  it('refuses rejected and suspended accounts with 403, and logs into the active one of a mixed set', async () => {
    for (const status of ['rejected', 'suspended'] as const) {
      const f = await createPublisher(t, { status });
      const r = await t.post('/user/authenticate', { user_name: f.email, password: f.password });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('0x4030');
      expect(r.body.error.message).toMatch(/not active/);
    }
    const mixed = await createPublisher(t, { status: 'suspended' });
    const active = await addAccount(t, mixed.userId, { status: 'active' });
    await addAccount(t, mixed.userId, { status: 'pending' });
    const r = await t.post('/user/authenticate', { user_name: mixed.email, password: mixed.password });
    expect(r.status).toBe(200);
    expect(r.body.data.multilogin_enabled).toBe(false);
    const me = await t.get('/user/me.json', { token: r.body.data.jwt });
    expect(me.body.data.user.publisher_id).toBe(active.publisherId);
  });

  it("answers docs/errors.md's field errors when the e-mail or password is missing, empty or malformed", async () => {
    const emailMsg = 'Must provide valid email address.';
    const pwMsg = 'Must provide a password.';
    const cases: [unknown, Record<string, { code: string; message: string }>][] = [
      [{}, { user_name: { code: '0x4001', message: emailMsg }, password: { code: '0x4001', message: pwMsg } }],
      [
        { user_name: '', password: '' },
        { user_name: { code: '0x4001', message: emailMsg }, password: { code: '0x4001', message: pwMsg } },
      ],
      [{ user_name: '   ', password: 'x' }, { user_name: { code: '0x4001', message: emailMsg } }],
      [
        { user_name: null, password: null },
        { user_name: { code: '0x4001', message: emailMsg }, password: { code: '0x4001', message: pwMsg } },
      ],
      [{ user_name: 'not-an-email', password: 'whatever1' }, { user_name: { code: '0x4010', message: emailMsg } }],
      [{ user_name: p.email }, { password: { code: '0x4001', message: pwMsg } }],
    ];
    for (const [body, errors] of cases) {
      const r = await t.post('/user/authenticate', body);
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.errors).toEqual(errors);
      expect(r.body.error.code).toBe('0x4220');
    }
  });

  it('refuses wrong types, unknown fields and huge values with 422 field errors', async () => {
    const typed = await t.post('/user/authenticate', { user_name: 12, password: ['x'] });
    expect(typed.status).toBe(422);
    expect(typed.body.errors.user_name.code).toBe('0x4010');
    expect(typed.body.errors.password.code).toBe('0x4010');
    const unknown = await t.post('/user/authenticate', { user_name: p.email, password: p.password, remember: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ remember: { code: '0x4010', message: 'Unknown field.' } });
    const huge = await t.post('/user/authenticate', {
      user_name: `${'a'.repeat(300)}@x.test`,
      password: 'p'.repeat(2000),
    });
    expect(huge.status).toBe(422);
    expect(Object.keys(huge.body.errors).sort()).toEqual(['password', 'user_name']);
  });

  it('answers 0x500 with the generic message, never internals, when the database fails', async () => {
    // A broken query inside the login path stands in for a database outage.
    const db = t.app.ctx.db;
    await db.schema.alterTable('users').renameColumn('email', 'email_x').execute();
    try {
      const r = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ error: { code: '0x500', message: 'Something went wrong.' } });
      expect(JSON.stringify(r.body)).not.toMatch(/email_x|email|column|select/i);
    } finally {
      await db.schema.alterTable('users').renameColumn('email_x', 'email').execute();
    }
  });
});
