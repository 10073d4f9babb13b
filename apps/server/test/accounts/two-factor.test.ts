import { URL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addAccount, createPublisher, enableTwoFactor, login, type PublisherFixture } from '../helpers/factories.ts';
import { DEMO_TOTP_SECRET, totpCode, wrongCode } from '../helpers/totp.ts';
import { newRecoveryCodes } from '../../src/modules/two-factor/totp.ts';
import { sha256 } from '../../src/lib/tokens.ts';

const INVALID_CODE = { code: '0x4011', message: 'Invalid code' };
const VERIFY = '/user/two-factor-authentication/verify-code';

describe('two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = async (p: PublisherFixture) => {
    const r = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
    expect(r.status).toBe(200);
    return r;
  };

  describe('login with 2FA on (demo secret JBSWY3DPEHPK3PXP)', () => {
    let p: PublisherFixture;
    beforeAll(async () => {
      p = await createPublisher(t);
      await enableTwoFactor(t, p.userId, DEMO_TOTP_SECRET);
    });

    it('answers two_factor_required with a short-lived pending token that opens nothing else', async () => {
      const r = await start(p);
      expect(r.body.data).toEqual({ jwt: expect.any(String), multilogin_enabled: false, two_factor_required: true });
      const pending = r.body.data.jwt as string;
      const payload = JSON.parse(Buffer.from(pending.split('.')[1]!, 'base64url').toString()) as {
        exp: number;
        iat: number;
      };
      expect(payload.exp - payload.iat).toBeLessThanOrEqual(5 * 60);
      for (const [method, path] of [
        ['GET', '/user/me.json'],
        ['POST', '/user'],
        ['POST', '/manager'],
        ['POST', '/multi-login'],
        ['POST', '/user/two-factor-authentication/status'],
      ] as const) {
        const res =
          method === 'GET' ? await t.get(path, { token: pending }) : await t.post(path, {}, { token: pending });
        expect(res.status, path).toBe(401);
      }
      const imp = await t.post('/impersonate', { user_id: p.userId, publisher_id: p.publisherId }, { token: pending });
      expect(imp.status).toBe(401);
    });

    it("answers 422 field code 0x4011 'Invalid code' for a wrong code, then accepts the right one, once", async () => {
      const pending = (await start(p)).body.data.jwt as string;
      const bad = await t.post(VERIFY, { code: wrongCode(DEMO_TOTP_SECRET) }, { token: pending });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ code: INVALID_CODE });

      const code = totpCode(DEMO_TOTP_SECRET);
      const ok = await t.post(VERIFY, { code }, { token: pending });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ data: { jwt: expect.any(String) } });
      const me = await t.get('/user/me.json', { token: ok.body.data.jwt });
      expect(me.status).toBe(200);
      expect(me.body.data.user.two_factor_enabled).toBe(true);

      // A5: the same code again, on the same pending token or on a new login, is refused.
      const replay = await t.post(VERIFY, { code }, { token: pending });
      expect(replay.status).toBe(422);
      expect(replay.body.errors).toEqual({ code: INVALID_CODE });
      const again = (await start(p)).body.data.jwt as string;
      const replay2 = await t.post(VERIFY, { code }, { token: again });
      expect(replay2.status).toBe(422);
      // The previous step's code is older than the one used: refused too.
      const older = await t.post(VERIFY, { code: totpCode(DEMO_TOTP_SECRET, -1) }, { token: again });
      expect(older.status).toBe(422);
      // The next step's code (clock drift of one step) is still accepted.
      const next = await t.post(VERIFY, { code: totpCode(DEMO_TOTP_SECRET, 1) }, { token: again });
      expect(next.status).toBe(200);
    });

    it('accepts only the pending token: no token, an access token or garbage answer 401', async () => {
      const code = totpCode(DEMO_TOTP_SECRET, 1);
      expect((await t.post(VERIFY, { code })).status).toBe(401);
      const plain = await createPublisher(t);
      expect((await t.post(VERIFY, { code }, { token: await login(t, plain) })).status).toBe(401);
      expect((await t.post(VERIFY, { code }, { token: 'not.a.jwt' })).status).toBe(401);
    });

    it('refuses malformed code bodies with 422 and no side effect', async () => {
      const pending = (await start(p)).body.data.jwt as string;
      for (const body of [{}, { code: '' }, { code: 123456 }, { code: 'x'.repeat(40) }, { code: '123456', extra: 1 }]) {
        const r = await t.post(VERIFY, body, { token: pending });
        expect(r.status, JSON.stringify(body)).toBe(422);
      }
      const bad = await t.post(VERIFY, { code: '12345' }, { token: pending });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ code: INVALID_CODE });
    });
  });

  it('a multi-account user with 2FA gets the account choice only after the code', async () => {
    const m = await createPublisher(t);
    await addAccount(t, m.userId);
    await enableTwoFactor(t, m.userId, DEMO_TOTP_SECRET);
    const r = await start(m);
    expect(r.body.data).toMatchObject({ multilogin_enabled: true, two_factor_required: true });
    const pending = r.body.data.jwt as string;
    expect((await t.post('/multi-login', {}, { token: pending })).status).toBe(401);
    const ok = await t.post(VERIFY, { code: totpCode(DEMO_TOTP_SECRET) }, { token: pending });
    expect(ok.status).toBe(200);
    const choice = await t.post('/multi-login', {}, { token: ok.body.data.jwt });
    expect(choice.status).toBe(200);
    expect(choice.body.data.accounts).toHaveLength(2);
    // The select-account token is not an access token.
    expect((await t.get('/user/me.json', { token: ok.body.data.jwt })).status).toBe(401);
  });

  it('a pending token dies when the password changes', async () => {
    const p = await createPublisher(t);
    await enableTwoFactor(t, p.userId, DEMO_TOTP_SECRET);
    const pending = (await start(p)).body.data.jwt as string;
    await t.app.ctx.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', p.userId)
      .execute();
    const r = await t.post(VERIFY, { code: totpCode(DEMO_TOTP_SECRET) }, { token: pending });
    expect(r.status).toBe(401);
  });

  it('A5: a TOTP code used twice is refused the second time; 20 wrong codes are throttled', async () => {
    const p = await createPublisher(t);
    await enableTwoFactor(t, p.userId, DEMO_TOTP_SECRET);
    const pending = (await start(p)).body.data.jwt as string;
    const code = totpCode(DEMO_TOTP_SECRET);
    expect((await t.post(VERIFY, { code }, { token: pending })).status).toBe(200);
    const second = await t.post(VERIFY, { code }, { token: pending });
    expect(second.status).toBe(422);
    expect(second.body.errors).toEqual({ code: INVALID_CODE });

    const wrong = wrongCode(DEMO_TOTP_SECRET);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await t.post(VERIFY, { code: wrong }, { token: pending })).status);
    expect(statuses.filter((s) => s === 422).length).toBeLessThanOrEqual(10);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    const throttled = await t.post(VERIFY, { code: wrong }, { token: pending });
    expect(throttled.body.error.code).toBe('0x4290');
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // While throttled even the right code is refused: guessing cannot continue.
    const right = await t.post(VERIFY, { code: totpCode(DEMO_TOTP_SECRET, 1) }, { token: pending });
    expect(right.status).toBe(429);
  });

  it('A5 under concurrency: one code sent five times at once logs in once; so does one recovery code', async () => {
    const p = await createPublisher(t);
    await enableTwoFactor(t, p.userId, DEMO_TOTP_SECRET);
    const pendings = await Promise.all(Array.from({ length: 5 }, async () => (await start(p)).body.data.jwt as string));
    const code = totpCode(DEMO_TOTP_SECRET);
    const answers = await Promise.all(pendings.map((pending) => t.post(VERIFY, { code }, { token: pending })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422]);

    const tok = (
      await t.post(
        '/impersonate',
        { user_id: p.userId, publisher_id: p.publisherId },
        { token: answers.find((a) => a.status === 200)!.body.data.jwt },
      )
    ).body.data.jwt as string;
    expect(tok).toBeDefined();
    const [recovery] = newRecoveryCodes(1);
    await t.app.ctx.db
      .insertInto('recovery_codes')
      .values({ user_id: p.userId, code_hash: sha256(recovery!) })
      .execute();
    const pendings2 = await Promise.all(
      Array.from({ length: 5 }, async () => (await start(p)).body.data.jwt as string),
    );
    const answers2 = await Promise.all(
      pendings2.map((pending) => t.post(VERIFY, { code: recovery }, { token: pending })),
    );
    // Exactly one logs in; the others are refused as wrong (422) or, once this address has spent its
    // free tries in the race, as too many (429).
    const statuses2 = answers2.map((a) => a.status);
    expect(statuses2.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses2.filter((s) => s === 422 || s === 429)).toHaveLength(4);
  });

  describe('enrolment from the profile tab, recovery codes and turning it off', () => {
    let p: PublisherFixture;
    let token: string;
    let secret: string;
    let recovery: string[];
    beforeAll(async () => {
      p = await createPublisher(t);
      token = await login(t, p);
    });

    it('status says off; setup answers a secret and an otpauth URI for the QR code', async () => {
      const status = await t.post('/user/two-factor-authentication/status', {}, { token });
      expect(status.status).toBe(200);
      expect(status.body).toEqual({ data: { enabled: false, recovery_codes_left: 0 } });
      const setup = await t.post('/user/two-factor-authentication/setup', { password: p.password }, { token });
      expect(setup.status).toBe(200);
      secret = setup.body.data.secret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const uri = new URL(setup.body.data.otpauth_uri as string);
      expect(uri.protocol).toBe('otpauth:');
      expect(uri.host).toBe('totp');
      expect(uri.searchParams.get('secret')).toBe(secret);
      expect(uri.searchParams.get('issuer')).toBe('Publisher Portal');
      expect(uri.searchParams.get('digits')).toBe('6');
      expect(uri.searchParams.get('period')).toBe('30');
      expect(decodeURIComponent(uri.pathname)).toContain(p.email);
      // Not on until confirmed: login still needs no code.
      const r = await start(p);
      expect(r.body.data.two_factor_required).toBeUndefined();
    });

    it('enable refuses a wrong or malformed code, then turns 2FA on and shows ten recovery codes once', async () => {
      const bad = await t.post('/user/two-factor-authentication/enable', { code: wrongCode(secret) }, { token });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ code: INVALID_CODE });
      const malformed = await t.post('/user/two-factor-authentication/enable', { code: 'abcdef' }, { token });
      expect(malformed.status).toBe(422);
      expect(malformed.body.errors.code).toEqual(INVALID_CODE);
      expect((await t.post('/user/two-factor-authentication/enable', {}, { token })).status).toBe(422);

      const code = totpCode(secret);
      const ok = await t.post('/user/two-factor-authentication/enable', { code }, { token });
      expect(ok.status).toBe(200);
      expect(ok.body.data.enabled).toBe(true);
      // Turning it on ends every other session; the caller carries on with the fresh token.
      expect((await t.post('/user/two-factor-authentication/status', {}, { token })).status).toBe(401);
      token = ok.body.data.jwt;
      recovery = ok.body.data.recovery_codes;
      expect(recovery).toHaveLength(10);
      expect(new Set(recovery).size).toBe(10);
      for (const c of recovery) expect(c).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
      // Stored hashed, never in clear.
      const rows = await t.app.ctx.db
        .selectFrom('recovery_codes')
        .select('code_hash')
        .where('user_id', '=', p.userId)
        .execute();
      expect(rows).toHaveLength(10);
      for (const row of rows) expect(recovery).not.toContain(row.code_hash);

      const status = await t.post('/user/two-factor-authentication/status', {}, { token });
      expect(status.body).toEqual({ data: { enabled: true, recovery_codes_left: 10 } });
      const again = await t.post('/user/two-factor-authentication/setup', { password: p.password }, { token });
      expect(again.status).toBe(422);
      expect(again.body.errors.code.code).toBe('0x4015');
      const enableAgain = await t.post(
        '/user/two-factor-authentication/enable',
        { code: totpCode(secret, 1) },
        { token },
      );
      expect(enableAgain.status).toBe(422);
      expect(enableAgain.body.errors.code.code).toBe('0x4015');

      // The code used to confirm cannot be replayed to log in.
      const pending = (await start(p)).body.data.jwt as string;
      expect((await t.post(VERIFY, { code }, { token: pending })).status).toBe(422);
    });

    it('a recovery code logs in once, in any case or spacing; a used one is refused', async () => {
      const pending = (await start(p)).body.data.jwt as string;
      const first = recovery[0]!;
      const ok = await t.post(VERIFY, { code: ` ${first.toUpperCase()} ` }, { token: pending });
      expect(ok.status).toBe(200);
      expect((await t.get('/user/me.json', { token: ok.body.data.jwt })).status).toBe(200);
      const reuse = await t.post(VERIFY, { code: first }, { token: pending });
      expect(reuse.status).toBe(422);
      expect(reuse.body.errors).toEqual({ code: INVALID_CODE });
      // Typed without the dash it is the same code.
      const second = recovery[1]!.replace('-', '');
      expect((await t.post(VERIFY, { code: second }, { token: pending })).status).toBe(200);
      expect((await t.post(VERIFY, { code: 'zzzz-zzzz' }, { token: pending })).status).toBe(422);
      const status = await t.post('/user/two-factor-authentication/status', {}, { token });
      expect(status.body.data.recovery_codes_left).toBe(8);
    });

    it('disable needs a current code or an unused recovery code; afterwards login needs no code', async () => {
      const bad = await t.post('/user/two-factor-authentication/disable', { code: wrongCode(secret) }, { token });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({ code: INVALID_CODE });
      const used = await t.post('/user/two-factor-authentication/disable', { code: recovery[0] }, { token });
      expect(used.status).toBe(422);
      expect((await t.post('/user/two-factor-authentication/disable', {}, { token })).status).toBe(422);

      const ok = await t.post('/user/two-factor-authentication/disable', { code: recovery[2] }, { token });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ success: true, data: { jwt: expect.any(String) } });
      expect((await t.post('/user/two-factor-authentication/status', {}, { token })).status).toBe(401);
      token = ok.body.data.jwt;
      const status = await t.post('/user/two-factor-authentication/status', {}, { token });
      expect(status.body).toEqual({ data: { enabled: false, recovery_codes_left: 0 } });
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select(['totp_secret', 'totp_enabled'])
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ totp_secret: null, totp_enabled: false });
      expect(
        await t.app.ctx.db.selectFrom('recovery_codes').select('id').where('user_id', '=', p.userId).execute(),
      ).toEqual([]);
      const r = await start(p);
      expect(r.body.data).toEqual({ jwt: expect.any(String), multilogin_enabled: false });
      // Disabling when off is refused like a wrong code.
      const offAgain = await t.post('/user/two-factor-authentication/disable', { code: totpCode(secret) }, { token });
      expect(offAgain.status).toBe(422);
    });

    it('enable without a setup first is refused', async () => {
      const q = await createPublisher(t);
      const tok = await login(t, q);
      const r = await t.post(
        '/user/two-factor-authentication/enable',
        { code: totpCode(DEMO_TOTP_SECRET) },
        { token: tok },
      );
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({ code: INVALID_CODE });
    });

    it('every enrolment call needs an access token', async () => {
      for (const path of ['status', 'setup', 'enable', 'disable']) {
        const body = path === 'enable' || path === 'disable' ? { code: '123456' } : {};
        const r = await t.post(`/user/two-factor-authentication/${path}`, body);
        expect(r.status, path).toBe(401);
        expect(r.body.error.code).toBe('0x4100');
      }
    });
  });
});
