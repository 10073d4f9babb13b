import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addAccount, createPublisher, enableTwoFactor, login, type PublisherFixture } from '../helpers/factories.ts';
import { DEMO_TOTP_SECRET, totpCode } from '../helpers/totp.ts';

const UNAUTHENTICATED = { error: { code: '0x4100', message: 'Please log-in again.' } };
const SETUP = '/user/two-factor-authentication/setup';
const ENABLE = '/user/two-factor-authentication/enable';
const DISABLE = '/user/two-factor-authentication/disable';
const VERIFY = '/user/two-factor-authentication/verify-code';

describe('server logout and ending sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** 200 while the token works, 401 once its session has ended. */
  const meStatus = async (token: string) => (await t.get('/user/me.json', { token })).status;

  it('logout ends the calling token at once; the user’s other sessions live on', async () => {
    const p = await createPublisher(t);
    const [a, b] = [await login(t, p), await login(t, p)];
    expect(await meStatus(a)).toBe(200);
    const out = await t.post('/user/logout', {}, { token: a });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    const after = await t.get('/user/me.json', { token: a });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(UNAUTHENTICATED);
    expect(
      (await t.post('/impersonate', { user_id: p.userId, publisher_id: p.publisherId }, { token: a })).status,
    ).toBe(401);
    expect((await t.post('/user/logout', {}, { token: a })).status).toBe(401);
    expect(await meStatus(b)).toBe(200);
    // Without a token there is nothing to end.
    expect((await t.post('/user/logout', {})).status).toBe(401);
  });

  it('logout ends every token of that login: the account choice it came from and the pending two-factor step', async () => {
    const p = await createPublisher(t);
    await addAccount(t, p.userId);
    const choice = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
    expect(choice.body.data.multilogin_enabled).toBe(true);
    const select = choice.body.data.jwt as string;
    const access = (await t.post('/impersonate', { user_id: p.userId, publisher_id: p.publisherId }, { token: select }))
      .body.data.jwt as string;
    expect((await t.post('/user/logout', {}, { token: access })).status).toBe(200);
    expect((await t.post('/multi-login', {}, { token: select })).status).toBe(401);
    expect(
      (await t.post('/impersonate', { user_id: p.userId, publisher_id: p.publisherId }, { token: select })).status,
    ).toBe(401);

    const q = await createPublisher(t);
    await enableTwoFactor(t, q.userId, DEMO_TOTP_SECRET);
    const pending = (await t.post('/user/authenticate', { user_name: q.email, password: q.password })).body.data
      .jwt as string;
    // The pending step can log out too (a "Back to login" that ends it).
    expect((await t.post('/user/logout', {}, { token: pending })).status).toBe(200);
    expect((await t.post(VERIFY, { code: totpCode(DEMO_TOTP_SECRET) }, { token: pending })).status).toBe(401);
  });

  it('log out everywhere ends every session of the user, the caller’s too; a new login works', async () => {
    const p = await createPublisher(t);
    const other = await createPublisher(t);
    const [a, b, c] = [await login(t, p), await login(t, p), await login(t, other)];
    const out = await t.post('/user/logout-all', {}, { token: a });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true });
    expect(await meStatus(a)).toBe(401);
    expect(await meStatus(b)).toBe(401);
    expect(await meStatus(c)).toBe(200);
    expect(await meStatus(await login(t, p))).toBe(200);
  });

  it('a password change ends every other session; the caller carries on with the token it is answered', async () => {
    const p = await createPublisher(t);
    const [a, b] = [await login(t, p), await login(t, p)];
    const r = await t.post(
      '/user/update-password',
      { current_password: p.password, new_password: 'another-password', new_password_verify: 'another-password' },
      { token: a },
    );
    expect(r.status).toBe(200);
    const fresh = r.body.data.jwt as string;
    expect(await meStatus(a)).toBe(401);
    expect(await meStatus(b)).toBe(401);
    expect(await meStatus(fresh)).toBe(200);
    // The fresh token is still the caller's login: logging it out ends it.
    expect((await t.post('/user/logout', {}, { token: fresh })).status).toBe(200);
    expect(await meStatus(fresh)).toBe(401);
  });

  describe('two-factor', () => {
    let p: PublisherFixture;
    let token: string;
    let secret: string;
    let recovery: string[];
    beforeAll(async () => {
      p = await createPublisher(t);
      token = await login(t, p);
    });

    it('setup asks for the current password: missing or wrong is a field error and starts nothing', async () => {
      const pending = async () =>
        (
          await t.app.ctx.db
            .selectFrom('users')
            .select('totp_pending_secret')
            .where('id', '=', p.userId)
            .executeTakeFirstOrThrow()
        ).totp_pending_secret;
      for (const body of [{}, { password: '' }, { password: null }]) {
        const r = await t.post(SETUP, body, { token });
        expect(r.status, JSON.stringify(body)).toBe(422);
        expect(r.body.errors).toEqual({ password: { code: '0x4001', message: 'Please enter your current password.' } });
      }
      const noBody = await t.post(SETUP, undefined, { token, raw: '' });
      expect(noBody.status).toBe(422);
      const wrong = await t.post(SETUP, { password: 'not-my-password' }, { token });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ password: { code: '0x4011', message: 'Invalid credentials.' } });
      expect(JSON.stringify(wrong.body)).not.toContain('not-my-password');
      expect(await pending()).toBeNull();
      const ok = await t.post(SETUP, { password: p.password }, { token });
      expect(ok.status).toBe(200);
      expect(await pending()).toBe(ok.body.data.secret);
    });

    it('turning it on ends every other session; the caller carries on with the token it is answered', async () => {
      const other = await login(t, p);
      secret = (await t.post(SETUP, { password: p.password }, { token })).body.data.secret as string;
      const on = await t.post(ENABLE, { code: totpCode(secret) }, { token });
      expect(on.status).toBe(200);
      expect(on.body.data).toEqual({ enabled: true, recovery_codes: expect.any(Array), jwt: expect.any(String) });
      expect(await meStatus(other)).toBe(401);
      expect(await meStatus(token)).toBe(401);
      token = on.body.data.jwt as string;
      expect(await meStatus(token)).toBe(200);
      const status = await t.post('/user/two-factor-authentication/status', {}, { token });
      expect(status.body.data.enabled).toBe(true);
      // Setting it up again still asks for the password first.
      expect((await t.post(SETUP, {}, { token })).body.errors.password.code).toBe('0x4001');
      recovery = on.body.data.recovery_codes as string[];
    });

    it('turning it off ends every other session; the caller carries on with the token it is answered', async () => {
      // Another session, logged in with a recovery code (the enrolment code's step is used up).
      const pending = (await t.post('/user/authenticate', { user_name: p.email, password: p.password })).body.data
        .jwt as string;
      const other = (await t.post(VERIFY, { code: recovery[0] }, { token: pending })).body.data.jwt as string;
      expect(await meStatus(other)).toBe(200);
      // The current code's step may be the enrolment's (used up): a second recovery code turns it off.
      const off = await t.post(DISABLE, { code: recovery[1] }, { token });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ success: true, data: { jwt: expect.any(String) } });
      expect(await meStatus(other)).toBe(401);
      expect(await meStatus(token)).toBe(401);
      expect(await meStatus(off.body.data.jwt)).toBe(200);
    });
  });

  it('revoked sessions are kept only until their tokens have expired', async () => {
    const p = await createPublisher(t);
    await t.app.ctx.db
      .insertInto('revoked_sessions')
      .values({ sid: 'long-gone', user_id: p.userId, expires_at: new Date(Date.now() - 60_000) })
      .execute();
    const token = await login(t, p);
    expect((await t.post('/user/logout', {}, { token })).status).toBe(200);
    const rows = await t.app.ctx.db
      .selectFrom('revoked_sessions')
      .select(['sid', 'expires_at'])
      .where('user_id', '=', p.userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sid).not.toBe('long-gone');
    // Kept for at least the access token's lifetime (12 h by default).
    expect(new Date(rows[0]!.expires_at).getTime()).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
  });

  it('both calls are in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths['/api/v1/user/logout']?.post).toBeDefined();
    expect(doc.paths['/api/v1/user/logout-all']?.post).toBeDefined();
  });
});
