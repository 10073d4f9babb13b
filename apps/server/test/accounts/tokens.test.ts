import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, enableTwoFactor, addAccount, login, type PublisherFixture } from '../helpers/factories.ts';
import { DEMO_TOTP_SECRET } from '../helpers/totp.ts';

const UNAUTHENTICATED = { error: { code: '0x4100', message: 'Please log-in again.' } };
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe('B9: JWTs the server did not issue, or not for this use, are refused with 401', () => {
  let t: TestApp;
  let p: PublisherFixture;
  let token: string;
  let key: Uint8Array;

  /** Signs claims as the server would, with overrides, using the app's real key unless told otherwise. */
  const sign = (
    claims: Record<string, unknown>,
    opts: { key?: Uint8Array; alg?: string; header?: Record<string, unknown> } = {},
  ) =>
    new SignJWT({
      pub: p.publisherId,
      pur: 'access',
      ver: 0,
      sid: 'forged-session',
      sub: String(p.userId),
      iss: 'publisher-portal',
      iat: now(),
      exp: now() + 600,
      ...claims,
    })
      .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT', ...(opts.header ?? {}) })
      .sign(opts.key ?? key);

  beforeAll(async () => {
    t = await createTestApp({ JWT_SECRET: 'k'.repeat(48) });
    key = new TextEncoder().encode('k'.repeat(48));
    p = await createPublisher(t);
    token = await login(t, p);
  });
  afterAll(() => t.close());

  const refused = async (tok: string, why: string) => {
    const r = await t.get('/user/me.json', { token: tok });
    expect(r.status, why).toBe(401);
    expect(r.body, why).toEqual(UNAUTHENTICATED);
    const post = await t.post('/user', {}, { token: tok });
    expect(post.status, why).toBe(401);
  };

  it('a token signed like ours with our key is accepted (the forgeries below differ in one thing only)', async () => {
    expect((await t.get('/user/me.json', { token: await sign({}) })).status).toBe(200);
    expect((await t.get('/user/me.json', { token })).status).toBe(200);
  });

  it('alg none, another algorithm, another key', async () => {
    const [, payload] = token.split('.');
    await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, 'alg none');
    await refused(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}`, 'alg none without signature part');
    await refused(`${b64({ alg: 'NONE', typ: 'JWT' })}.${payload}.`, 'alg NONE');
    await refused(await sign({}, { alg: 'HS512' }), 'HS512 with our key');
    await refused(await sign({}, { key: new TextEncoder().encode('x'.repeat(48)) }), 'another key');
    const rsaLike = `${b64({ alg: 'RS256', typ: 'JWT' })}.${payload}.${crypto.randomBytes(256).toString('base64url')}`;
    await refused(rsaLike, 'RS256 header');
  });

  it('expired, not yet valid, issued in the future, missing expiry or subject, wrong issuer', async () => {
    await refused(await sign({ iat: now() - 7200, exp: now() - 3600 }), 'expired');
    await refused(await sign({ iat: now() - 7200, exp: now() - 1 }), 'expired a second ago');
    await refused(await sign({ nbf: now() + 3600 }), 'not yet valid');
    await refused(await sign({ iat: now() + 3600, exp: now() + 7200 }), 'issued in the future');
    await refused(await sign({ exp: undefined }), 'no exp');
    await refused(await sign({ iat: undefined }), 'no iat');
    await refused(await sign({ sub: undefined }), 'no sub');
    await refused(await sign({ iss: 'someone-else' }), 'wrong issuer');
    await refused(await sign({ sub: 'abc' }), 'non-numeric subject');
    await refused(await sign({ sub: '999999' }), 'unknown user');
    await refused(await sign({ ver: '0' }), 'version as text');
    await refused(await sign({ ver: 1 }), 'another token version');
    await refused(await sign({ pur: 'admin' }), 'unknown purpose');
    await refused(await sign({ pub: null }), 'access token without account');
    await refused(await sign({ sid: undefined }), 'no session id');
    await refused(await sign({ sid: 7 }), 'session id not a string');
  });

  it('an edited payload (other account, other user, other purpose) breaks the signature', async () => {
    const other = await createPublisher(t);
    const [h, payload, sig] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    for (const edit of [
      { pub: other.publisherId },
      { sub: String(other.userId) },
      { exp: now() + 10 * 365 * 86400 },
      { ver: 5 },
    ]) {
      await refused(`${h}.${b64({ ...claims, ...edit })}.${sig}`, JSON.stringify(edit));
    }
    // Signed with our key for an account the user is not linked to: still refused (checked against the database).
    await refused(await sign({ pub: other.publisherId }), 'unlinked account');
  });

  it('wrong purpose: a pending-2FA token, a select-account token or a reset token is not an access token', async () => {
    const tf = await createPublisher(t);
    await enableTwoFactor(t, tf.userId, DEMO_TOTP_SECRET);
    const pending = (await t.post('/user/authenticate', { user_name: tf.email, password: tf.password })).body.data
      .jwt as string;
    await refused(pending, 'pending 2FA token');
    await refused(await sign({ pur: 'two_factor', pub: null }), 'two_factor purpose');

    const m = await createPublisher(t);
    await addAccount(t, m.userId);
    const select = (await t.post('/user/authenticate', { user_name: m.email, password: m.password })).body.data
      .jwt as string;
    await refused(select, 'select-account token');

    const r = await createPublisher(t);
    await t.post('/send-reset-password-token', { user_email: r.email });
    const mail = await eventually(() => t.outbox().find((x) => x.to === r.email));
    const resetToken = /forgot-password\/(\S+)/.exec(mail.text)![1]!;
    await refused(resetToken, 'reset token');
    // And an access token is no pending token.
    expect((await t.post('/user/two-factor-authentication/verify-code', { code: '123456' }, { token })).status).toBe(
      401,
    );
  });

  it('malformed Authorization headers', async () => {
    for (const value of [
      '',
      'Bearer',
      'Bearer ',
      `Basic ${token}`,
      `Bearer ${token} ${token}`,
      `Token ${token}`,
      'Bearer a.b.c',
      'Bearer ....',
      `Bearer ${'a'.repeat(10_000)}`,
    ]) {
      const r = await t.get('/user/me.json', { headers: { authorization: value } });
      expect(r.status, value.slice(0, 30)).toBe(401);
      expect(r.body).toEqual(UNAUTHENTICATED);
    }
    expect((await t.get('/user/me.json', { headers: { authorization: `bearer ${token}` } })).status).toBe(200);
  });

  it('token revocation: a password change bumps the version and every earlier token of the user stops', async () => {
    const v = await createPublisher(t);
    const a = await login(t, v);
    const b = await login(t, v);
    await t.app.ctx.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('id', '=', v.userId)
      .execute();
    await refused(a, 'first client');
    await refused(b, 'second client');
    expect((await t.get('/user/me.json', { token: await login(t, v) })).status).toBe(200);
  });

  it('a deleted user’s tokens stop', async () => {
    const d = await createPublisher(t);
    const tok = await login(t, d);
    await t.app.ctx.db.deleteFrom('users').where('id', '=', d.userId).execute();
    await refused(tok, 'deleted user');
  });
});
