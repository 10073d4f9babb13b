import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_DEFAULT_EXPIRY_DAYS } from '@portal/shared';
import { loginCodesService } from '../../src/modules/login-codes/login-codes.service.ts';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, enableTwoFactor, login, type PublisherFixture } from '../helpers/factories.ts';
import { createApiKey, withKeyHeader } from '../helpers/api-key-factories.ts';
import { totpCode, wrongCode } from '../helpers/totp.ts';

const TODAY = new Date().toISOString().slice(0, 10);
const daily = { filters: { date_range: { start: TODAY, end: TODAY } } };
const DAY_MS = 86_400_000;
const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

/**
 * What a stolen or borrowed session can no longer do with API keys: make one without the password
 * (and the two-factor code), make one while viewing as the publisher, keep one past "log out
 * everywhere", a password reset or a two-factor change, or make one that never ends or writes
 * postbacks unasked.
 */
describe('API keys: made with proof, scoped, ending with the sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const keysOf = async (token: string) =>
    ((await t.post('/api-key-list', {}, { token })).body.data as { id: number }[]).map((k) => k.id);
  const works = async (key: string) => (await t.post('/report/daily', daily, { token: key })).status;

  it('needs the current password in the same request: missing 0x4001, wrong 0x4011, and no key made', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    const missing = await t.post('/api-key/create', { name: 'no password' }, { token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.password).toEqual({
      code: '0x4001',
      message: 'Please enter your current password.',
    });
    const wrong = await t.post('/api-key/create', { name: 'wrong', password: 'not-the-password' }, { token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual({ code: '0x4011', message: 'Invalid credentials.' });
    expect(await keysOf(token)).toEqual([]);
    const made = await createApiKey(t, token, { password: p.password });
    expect(await keysOf(token)).toEqual([made.id]);
  });

  it('wrong passwords are throttled per user (429 past 10 in 15 minutes); right ones spend nothing', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    for (let i = 0; i < 12; i++) await createApiKey(t, token, { name: `ok ${i}` }).then(() => undefined);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await t.post('/api-key/create', { name: 'guess', password: `guess-${i}` }, { token })).status);
    expect(statuses).toEqual([...Array(10).fill(422), 429]);
    const right = await t.post('/api-key/create', { name: 'right', password: p.password }, { token });
    expect(right.status).toBe(429);
  });

  it('with two-factor on, needs a code too: missing 0x4001, wrong 0x4011, a used one refused', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    await enableTwoFactor(t, p.userId, SECRET);
    const noCode = await t.post('/api-key/create', { name: 'k', password: p.password }, { token });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors.code.code).toBe('0x4001');
    const bad = await t.post(
      '/api-key/create',
      { name: 'k', password: p.password, code: wrongCode(SECRET) },
      { token },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code).toEqual({ code: '0x4011', message: 'Invalid code' });
    expect(await keysOf(token)).toEqual([]);
    const code = totpCode(SECRET);
    const made = await createApiKey(t, token, { password: p.password, code });
    expect(await works(made.key)).toBe(200);
    // The same code a second time (a replay of the request) makes nothing.
    const replay = await t.post('/api-key/create', { name: 'k2', password: p.password, code }, { token });
    expect(replay.status).toBe(422);
    expect(await keysOf(token)).toEqual([made.id]);
  });

  it('is refused 403 from a view-as-publisher session, even with the password', async () => {
    const p = await createPublisher(t);
    const made = await loginCodesService.create(t.app.ctx, {
      email: p.email,
      operator: 'support@network',
      meta: { address: null, userAgent: 'test' },
    });
    const exchanged = await t.post('/user/exchange-login-code', { code: made.code });
    expect(exchanged.status).toBe(200);
    const operatorToken = exchanged.body.data.jwt as string;
    const r = await t.post('/api-key/create', { name: 'support key', password: p.password }, { token: operatorToken });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('0x4030');
    expect(r.body.error.message).toContain('viewing the portal as this publisher');
    expect(await keysOf(await login(t, p))).toEqual([]);
  });

  it(`expires in ${API_KEY_DEFAULT_EXPIRY_DAYS} days by default, at most a year ahead; "never" is no longer a choice`, async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    const made = await createApiKey(t, token);
    const days = (Date.parse(made.expires_at) - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(API_KEY_DEFAULT_EXPIRY_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(API_KEY_DEFAULT_EXPIRY_DAYS);
    const year = new Date(Date.now() + 365 * DAY_MS).toISOString();
    expect((await createApiKey(t, token, { expires_at: year })).expires_at).toBe(year);
    const tooLong = await t.post(
      '/api-key/create',
      { name: 'forever-ish', password: p.password, expires_at: new Date(Date.now() + 400 * DAY_MS).toISOString() },
      { token },
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.expires_at).toEqual({ code: '0x4011', message: 'A key may last at most a year.' });
    const never = await t.post('/api-key/create', { name: 'never', password: p.password, expires_at: null }, { token });
    expect(never.status).toBe(422);
    expect(never.body.errors.expires_at).toBeDefined();
  });

  it('scope read (the default) reads reports, offers and invoices; postbacks need read_write (403)', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    const read = await createApiKey(t, token);
    expect(read.scope).toBe('read');
    for (const how of [{ token: read.key }, withKeyHeader(read.key)]) {
      expect((await t.post('/report/daily', daily, how)).status).toBe(200);
      expect((await t.post('/offer-list', {}, how)).status).toBe(200);
      expect((await t.post('/invoice-list', {}, how)).status).toBe(200);
      for (const [path, body] of [
        ['/postback-table', { filters: { status: 'all' } }],
        ['/postback/create', { postback_name: 'copy', postback_status: 'active', postback_type: 'postback' }],
        ['/postback-delivery/log', {}],
        ['/postback-delivery/replay-failed', { since: new Date(0).toISOString() }],
      ] as const) {
        const r = await t.post(path, body, how);
        expect(r.status, path).toBe(403);
        expect(r.body.error).toEqual({
          code: '0x4030',
          message: 'This API key has scope read: this call needs a key with scope read_write.',
        });
      }
    }
    const postbacks = async () =>
      (await t.post('/postback-table', { filters: { status: 'all' } }, { token })).body.data as unknown[];
    expect(await postbacks()).toEqual([]);

    const rw = await createApiKey(t, token, { scope: 'read_write' });
    expect(rw.scope).toBe('read_write');
    const created = await t.post(
      '/postback/create',
      {
        postback_name: 'By script',
        postback_status: 'active',
        postback_type: 'postback',
        postback_value: 'https://tracker.example.com/pb?tid={tid}',
      },
      { token: rw.key },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await postbacks()).toHaveLength(1);
    const bogus = await t.post('/api-key/create', { name: 'x', password: p.password, scope: 'admin' }, { token });
    expect(bogus.status).toBe(422);
  });

  it('e-mails the account a notice naming the key by prefix, scope and expiry, never the key', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    const made = await createApiKey(t, token, { name: 'Nightly sync', scope: 'read_write' });
    const mail = await eventually(() =>
      t.outbox().find((m) => m.to === p.email && m.subject === 'A new API key was made for your account'),
    );
    expect(mail.text).toContain('Nightly sync');
    expect(mail.text).toContain(`${made.prefix}…`);
    expect(mail.text).toContain('read and write');
    expect(mail.text).toContain(made.expires_at.slice(0, 10));
    expect(mail.text).toContain('Log out everywhere');
    expect(mail.text).not.toContain(made.key.slice(made.prefix.length + 1));
  });

  describe('what ends every key of the user, and what keeps them', () => {
    let p: PublisherFixture;
    let token: string;
    beforeEach(async () => {
      p = await createPublisher(t);
      token = await login(t, p);
    });

    it('compares the token version: a key stops once the user’s version moves on', async () => {
      const made = await createApiKey(t, token);
      expect(await works(made.key)).toBe(200);
      await t.app.ctx.db
        .updateTable('users')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', p.userId)
        .execute();
      expect(await works(made.key)).toBe(401);
    });

    it('"log out everywhere" ends every key (Bearer and X-Api-Key) and leaves them out of the list', async () => {
      const a = await createApiKey(t, token, { name: 'a' });
      const b = await createApiKey(t, token, { name: 'b', scope: 'read_write' });
      expect(await works(a.key)).toBe(200);
      expect((await t.post('/user/logout-all', {}, { token })).status).toBe(200);
      expect(await works(a.key)).toBe(401);
      expect((await t.post('/offer-list', {}, withKeyHeader(b.key))).status).toBe(401);
      expect((await t.post('/postback-table', { filters: { status: 'all' } }, { token: b.key })).status).toBe(401);
      const fresh = await login(t, p);
      expect(await keysOf(fresh)).toEqual([]);
      // A key made after it works.
      expect(await works((await createApiKey(t, fresh)).key)).toBe(200);
    });

    it('a password reset ends every key', async () => {
      const made = await createApiKey(t, token);
      const seen = t.outbox().length;
      expect((await t.post('/send-reset-password-token', { user_email: p.email })).status).toBe(200);
      const mail = await eventually(() =>
        t
          .outbox()
          .slice(seen)
          .find((m) => m.to === p.email && m.subject === 'Reset your password'),
      );
      const resetToken = /\/forgot-password\/(\S+)/.exec(mail.text)![1]!;
      const r = await t.post('/reset-password', {
        token: resetToken,
        new_password: 'a-new-password-1',
        new_password_verify: 'a-new-password-1',
      });
      expect(r.status).toBe(200);
      expect(await works(made.key)).toBe(401);
    });

    it('turning two-factor on ends every key, and turning it off again ends the keys made meanwhile', async () => {
      const before = await createApiKey(t, token);
      const setup = await t.post('/user/two-factor-authentication/setup', { password: p.password }, { token });
      expect(setup.status).toBe(200);
      const secret = setup.body.data.secret as string;
      const on = await t.post('/user/two-factor-authentication/enable', { code: totpCode(secret) }, { token });
      expect(on.status).toBe(200);
      expect(await works(before.key)).toBe(401);
      const afterOn = on.body.data.jwt as string;
      const during = await createApiKey(t, afterOn, { code: totpCode(secret, 1) });
      expect(await works(during.key)).toBe(200);
      const recovery = (on.body.data.recovery_codes as string[])[0]!;
      const off = await t.post('/user/two-factor-authentication/disable', { code: recovery }, { token: afterOn });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(await works(during.key)).toBe(401);
      expect(await keysOf(off.body.data.jwt as string)).toEqual([]);
    });

    it('a password change by the signed-in owner keeps the keys and says how many still work', async () => {
      const a = await createApiKey(t, token, { name: 'a' });
      const b = await createApiKey(t, token, { name: 'b' });
      const expired = await createApiKey(t, token, { name: 'expired' });
      await t.app.ctx.db
        .updateTable('api_keys')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', expired.id)
        .execute();
      const revoked = await createApiKey(t, token, { name: 'revoked' });
      expect((await t.post('/api-key/revoke', { id: revoked.id }, { token })).status).toBe(200);
      const r = await t.post(
        '/user/update-password',
        { current_password: p.password, new_password: 'changed-password-2', new_password_verify: 'changed-password-2' },
        { token },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.api_keys_kept).toBe(2);
      expect(await works(a.key)).toBe(200);
      expect(await works(b.key)).toBe(200);
      expect(await works(revoked.key)).toBe(401);
      // The session that changed it carries on; the old token does not.
      expect((await t.post('/api-key-list', {}, { token })).status).toBe(401);
      expect(await keysOf(r.body.data.jwt as string)).toEqual([expired.id, b.id, a.id]);
      // Then "log out everywhere" still ends them.
      expect((await t.post('/user/logout-all', {}, { token: r.body.data.jwt as string })).status).toBe(200);
      expect(await works(a.key)).toBe(401);
    });
  });
});
