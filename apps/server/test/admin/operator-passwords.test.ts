import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { totpCode, wrongCode } from '../helpers/totp.ts';
import {
  adminClient,
  adminPath,
  auditRows,
  createOperator,
  operatorLogin,
  type AdminClient,
  type OperatorFixture,
} from '../helpers/operator-factories.ts';

const PUBLIC_URL = 'https://console.example.test';
const UNAUTHENTICATED = { error: { code: '0x4100', message: 'Please log-in again.' } };
const TOO_COMMON = { code: '0x4010', message: 'This password is too common. Please choose another.' };
const LINK_REFUSED = {
  token: { code: '0x4011', message: 'This link has expired or was already used. Please ask an owner for a new one.' },
};

const linkToken = (link: string) => new URL(link).searchParams.get('token')!;

describe('an operator changes their own password (POST /api/admin/v1/me/password)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  const change = (api: AdminClient, body: unknown) => api.post('/me/password', body);

  it("answers coded field errors under the publisher side's password rules, before checking anything", async () => {
    const op = await createOperator(t, { email: 'rules.rita@example.test' });
    const api = adminClient(t, await operatorLogin(t, op));
    expect((await change(api, {})).body.errors).toEqual({
      current_password: { code: '0x4001', message: 'Please enter your current password.' },
      password: { code: '0x4001', message: 'Please enter a password' },
      password_verify: { code: '0x4001', message: 'Please confirm your password' },
    });
    const short = await change(api, { current_password: op.password, password: 'short', password_verify: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      password: { code: '0x4011', message: 'Password must be at least 8 characters' },
    });
    for (const common of ['password123', 'Password123', 'iloveyou123', 'qwertyuiop']) {
      const r = await change(api, { current_password: op.password, password: common, password_verify: common });
      expect(r.body.errors, common).toEqual({ password: TOO_COMMON });
    }
    const mail = 'Rules.Rita@example.test';
    expect(
      (await change(api, { current_password: op.password, password: mail, password_verify: mail })).body.errors,
    ).toEqual({ password: { code: '0x4010', message: 'Your password cannot be your e-mail address.' } });
    expect(
      (await change(api, { current_password: op.password, password: 'a-long-new-secret', password_verify: 'other' }))
        .body.errors,
    ).toEqual({ password_verify: { code: '0x4014', message: 'Passwords do not match.' } });
    expect(
      (
        await change(api, {
          current_password: op.password,
          password: 'x'.repeat(257),
          password_verify: 'x'.repeat(257),
        })
      ).body.errors,
    ).toEqual({ password: { code: '0x4010', message: 'Must be at most 256 characters.' } });
    const unknown = await change(api, { current_password: op.password, new_password: 'a-long-new-secret' });
    expect(unknown.body.errors).toMatchObject({ new_password: { code: '0x4010', message: 'Unknown field.' } });
    // Nothing changed: the old password still signs in.
    expect((await t.post(adminPath('/auth/login'), { email: op.email, password: op.password })).status).toBe(200);
  });

  it('refuses a wrong current password with a coded error on current_password, and leaves the password as it was', async () => {
    const op = await createOperator(t);
    const api = adminClient(t, await operatorLogin(t, op));
    const r = await change(api, {
      current_password: 'not-my-password',
      password: 'a-long-new-secret',
      password_verify: 'a-long-new-secret',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ current_password: { code: '0x4011', message: 'Invalid credentials.' } });
    expect((await api.get('/me')).status).toBe(200);
    expect((await t.post(adminPath('/auth/login'), { email: op.email, password: 'a-long-new-secret' })).status).toBe(
      401,
    );
    const same = await change(api, {
      current_password: op.password,
      password: op.password,
      password_verify: op.password,
    });
    expect(same.body.errors).toEqual({
      password: { code: '0x4010', message: 'Choose a password other than your current one.' },
    });
  });

  it('is throttled per operator: after ten tries in 15 minutes, 429 with Retry-After', async () => {
    const op = await createOperator(t);
    const api = adminClient(t, await operatorLogin(t, op));
    const body = { current_password: 'guess', password: 'a-long-new-secret', password_verify: 'a-long-new-secret' };
    for (let i = 0; i < 10; i++) expect((await change(api, body)).status).toBe(422);
    const r = await change(api, body);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends every other session, keeps this one with the answered token, and is audited without a secret', async () => {
    const op = await createOperator(t);
    const mine = await operatorLogin(t, op);
    const other = await operatorLogin(t, op);
    const r = await change(adminClient(t, mine), {
      current_password: op.password,
      password: 'a-long-new-secret',
      password_verify: 'a-long-new-secret',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { jwt: expect.any(String) } });
    expect(await adminClient(t, other).get('/me')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    const kept = adminClient(t, r.body.data.jwt);
    expect((await kept.get('/me')).body.data.id).toBe(op.id);
    // The same session: signing out with the new token ends it.
    expect((await kept.post('/auth/logout')).status).toBe(200);
    expect((await kept.get('/me')).status).toBe(401);

    expect((await t.post(adminPath('/auth/login'), { email: op.email, password: op.password })).status).toBe(401);
    expect((await t.post(adminPath('/auth/login'), { email: op.email, password: 'a-long-new-secret' })).status).toBe(
      200,
    );
    const entry = (await auditRows(t)).find((e) => e.action === 'operator.password_changed');
    expect(entry).toMatchObject({
      operator_id: op.id,
      actor: op.email,
      object_type: 'operator',
      object_id: String(op.id),
      before: { password_set: true },
      after: { password_set: true, other_sessions_ended: true },
    });
    const all = JSON.stringify(await auditRows(t));
    expect(all).not.toContain('a-long-new-secret');
    expect(all).not.toContain(op.password);
  });

  it('is in the OpenAPI document under admin, with the operator token', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[]; security?: object[]; requestBody?: unknown }>>;
    };
    const me = doc.paths['/api/admin/v1/me/password']?.['post'];
    expect(me?.tags).toEqual(['admin']);
    expect(me?.security).toEqual([{ operatorBearer: [] }]);
    expect(JSON.stringify(me?.requestBody)).toContain('current_password');
    const reset = doc.paths['/api/admin/v1/operators/{id}/reset-link']?.['post'];
    expect(reset?.tags).toEqual(['admin']);
  });
});

describe("an owner's one-time reset link for another operator", () => {
  let t: TestApp;
  let owner: OperatorFixture;
  let ownerApi: AdminClient;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    owner = await createOperator(t, { role: 'owner' });
    ownerApi = adminClient(t, await operatorLogin(t, owner));
  });
  afterAll(() => t.close());

  const resetLink = (api: AdminClient, id: number) => api.post(`/operators/${id}/reset-link`);
  const set = (token: string, password: string, verify = password) =>
    t.post(adminPath('/auth/set-password'), { token, password, password_verify: verify });

  it('is for owners only, not for the owner themselves, nor a disabled or unknown operator', async () => {
    const target = await createOperator(t, { role: 'viewer' });
    const manager = await createOperator(t, { role: 'manager' });
    const managerApi = adminClient(t, await operatorLogin(t, manager));
    expect(await resetLink(managerApi, target.id)).toMatchObject({ status: 403, body: { error: { code: '0x4030' } } });
    expect((await resetLink(ownerApi, owner.id)).body.errors).toEqual({
      id: { code: '0x4011', message: 'Change your own password on the Security page, with your current one.' },
    });
    const off = await createOperator(t, { status: 'disabled' });
    expect((await resetLink(ownerApi, off.id)).body.errors).toEqual({
      id: { code: '0x4011', message: 'This operator is disabled. Enable them first.' },
    });
    expect((await resetLink(ownerApi, 2_000_000_000)).status).toBe(404);
    expect((await ownerApi.post('/operators/abc/reset-link')).status).toBe(422);
  });

  it('is answered once from PUBLIC_URL; it sets a password under the rules once and ends every session of theirs', async () => {
    const target = await createOperator(t, { role: 'viewer', email: 'forgetful.fred@example.test' });
    const theirs = await operatorLogin(t, target);
    const r = await resetLink(ownerApi, target.id);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      operator: { id: target.id, email: target.email, password_set: true },
      link: expect.stringMatching(/^https:\/\/console\.example\.test\/admin\/set-password\?token=[A-Za-z0-9_-]{20,}$/),
      expires_at: expect.any(String),
    });
    const hours = (new Date(r.body.data.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71);
    expect(hours).toBeLessThanOrEqual(72);
    // The link is not kept anywhere it could be read again: not in the audit log, not in the list.
    const token = linkToken(r.body.data.link);
    expect(JSON.stringify(await auditRows(t))).not.toContain(token);
    expect(JSON.stringify((await ownerApi.post('/operators', {})).body)).not.toContain(token);
    // The rules hold, and a refused password does not spend the link.
    expect((await set(token, 'password123')).body.errors).toEqual({ password: TOO_COMMON });
    expect((await set(token, 'Forgetful.Fred@example.test')).body.errors).toEqual({
      password: { code: '0x4010', message: 'Your password cannot be your e-mail address.' },
    });
    expect((await set(token, 'short')).body.errors).toEqual({
      password: { code: '0x4011', message: 'Password must be at least 8 characters' },
    });
    // Until it is used, the old password and sessions stand.
    expect((await adminClient(t, theirs).get('/me')).status).toBe(200);
    expect((await set(token, 'fred-remembers-now')).body).toEqual({ data: { email: target.email } });
    expect(await adminClient(t, theirs).get('/me')).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect((await set(token, 'fred-remembers-again')).body.errors).toEqual(LINK_REFUSED);
    expect((await t.post(adminPath('/auth/login'), { email: target.email, password: target.password })).status).toBe(
      401,
    );
    await operatorLogin(t, { email: target.email, password: 'fred-remembers-now' });
    const actions = (await auditRows(t)).filter((e) => e.object_id === String(target.id)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['operator.reset_link', 'operator.set_password']));
    const issued = (await auditRows(t)).find((e) => e.action === 'operator.reset_link');
    expect(issued).toMatchObject({ operator_id: owner.id, actor: owner.email });
    expect(JSON.stringify(await auditRows(t))).not.toContain('fred-remembers-now');
  });

  it('a newer link voids the older one', async () => {
    const target = await createOperator(t);
    const first = linkToken((await resetLink(ownerApi, target.id)).body.data.link);
    const second = linkToken((await resetLink(ownerApi, target.id)).body.data.link);
    expect((await set(first, 'a-long-new-secret')).body.errors).toEqual(LINK_REFUSED);
    expect((await set(second, 'a-long-new-secret')).status).toBe(200);
  });
});

describe('invitations: the invitee chooses their own password', () => {
  let t: TestApp;
  let ownerApi: AdminClient;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    ownerApi = adminClient(t, await operatorLogin(t, await createOperator(t, { role: 'owner' })));
  });
  afterAll(() => t.close());

  it('an invitation carrying a password is refused on that field, and makes no operator', async () => {
    const r = await ownerApi.post('/operators/invite', {
      email: 'pat.preset@example.test',
      name: 'Pat',
      role: 'viewer',
      password: 'chosen-by-the-owner',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ password: { code: '0x4010', message: 'Unknown field.' } });
    const list = await ownerApi.post('/operators', {});
    expect(JSON.stringify(list.body)).not.toContain('pat.preset@example.test');
  });

  it("the invitation link sets the invitee's password under the same rules", async () => {
    const r = await ownerApi.post('/operators/invite', {
      email: 'ivy.invited@example.test',
      name: 'Ivy',
      role: 'viewer',
    });
    const token = linkToken(r.body.data.link);
    const set = (password: string) =>
      t.post(adminPath('/auth/set-password'), { token, password, password_verify: password });
    expect((await set('1234567890')).body.errors).toEqual({ password: TOO_COMMON });
    expect((await set('ivy.invited@example.test')).body.errors.password.code).toBe('0x4010');
    expect((await set('ivy-chose-this-one')).status).toBe(200);
    await operatorLogin(t, { email: 'ivy.invited@example.test', password: 'ivy-chose-this-one' });
  });
});

describe('sign-ins and failed sign-ins in the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) => t.post(adminPath('/auth/login'), { email, password });

  it('records each with the operator, the address and the reason, never the password', async () => {
    const op = await createOperator(t);
    const off = await createOperator(t, { status: 'disabled' });
    expect((await signIn(op.email, 'wrong-guess-one')).status).toBe(401);
    expect((await signIn('nobody.here@example.test', 'wrong-guess-two')).status).toBe(401);
    expect((await signIn(off.email, off.password)).status).toBe(403);
    expect((await signIn(op.email, op.password)).status).toBe(200);
    const rows = await auditRows(t);
    const mine = (action: string) =>
      rows.filter((e) => e.action === action).map((e) => ({ actor: e.actor, id: e.operator_id, after: e.after }));
    expect(mine('operator.signed_in')).toEqual([{ actor: op.email, id: op.id, after: { two_factor: false } }]);
    expect(mine('operator.sign_in_failed')).toEqual([
      { actor: off.email, id: off.id, after: { reason: 'disabled' } },
      { actor: 'nobody.here@example.test', id: null, after: { reason: 'unknown_email' } },
      { actor: op.email, id: op.id, after: { reason: 'wrong_password' } },
    ]);
    expect(rows.every((e) => e.address === '127.0.0.1')).toBe(true);
    const all = JSON.stringify(rows);
    for (const secret of ['wrong-guess-one', 'wrong-guess-two', op.password]) expect(all).not.toContain(secret);
    // The console's audit log lists them.
    const api = adminClient(t, await operatorLogin(t, await createOperator(t, { role: 'owner' })));
    const listed = await api.post('/audit-log', {});
    expect(JSON.stringify(listed.body)).toContain('operator.sign_in_failed');
  });
});

describe('sign-ins through the two-factor step in the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a wrong code is a failed sign-in (wrong_code); the sign-in is recorded once the code is right', async () => {
    const op = await createOperator(t);
    const api = adminClient(t, await operatorLogin(t, op));
    const secret = (await api.post('/me/two-factor/setup', { password: op.password })).body.data.secret as string;
    const enabled = await api.post('/me/two-factor/enable', { code: totpCode(secret) });
    const recovery = (enabled.body.data.recovery_codes as string[])[0]!;
    const before = (await auditRows(t)).length;

    const first = await t.post(adminPath('/auth/login'), { email: op.email, password: op.password });
    expect(first.body.data.two_factor_required).toBe(true);
    const pending = adminClient(t, first.body.data.jwt);
    expect((await pending.post('/auth/verify-code', { code: wrongCode(secret) })).status).toBe(422);
    // A password alone is no sign-in yet.
    expect((await auditRows(t)).slice(0, -before || undefined).map((e) => e.action)).toEqual([
      'operator.sign_in_failed',
    ]);
    // This time step's code went to the enrolment: a recovery code stands in for the next one.
    expect((await pending.post('/auth/verify-code', { code: recovery })).status).toBe(200);
    const rows = (await auditRows(t)).slice(0, -before || undefined);
    expect(rows.map((e) => [e.action, e.after])).toEqual([
      ['operator.signed_in', { two_factor: true }],
      ['operator.sign_in_failed', { reason: 'wrong_code' }],
    ]);
  });
});

describe('console sign-in throttle: keyed by account and device, as the publisher login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const NAT = '203.0.113.90';
  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    t.post(
      adminPath('/auth/login'),
      { email, password },
      { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } },
    );
  const deviceCookieOf = (r: { headers: Headers }) => {
    const header = r.headers.getSetCookie().find((c) => c.startsWith('portal_operator_device=')) ?? '';
    return { pair: header.split(';')[0]!, header };
  };

  it('a sign-in sets a device cookie for the sign-in calls only; a wrong password sets none', async () => {
    const op = await createOperator(t);
    const r = await signIn(op.email, op.password, '198.51.100.20');
    expect(deviceCookieOf(r).header).toMatch(
      /^portal_operator_device=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/api\/admin\/v1\/auth; HttpOnly; SameSite=Strict$/,
    );
    expect(deviceCookieOf(await signIn(op.email, 'wrong-password', '198.51.100.20')).header).toBe('');
  });

  it("a neighbour's failures on the account from the same address do not make the right password wait in the owner's browser", async () => {
    const op = await createOperator(t);
    const cookie = deviceCookieOf(await signIn(op.email, op.password, NAT)).pair;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(op.email, 'neighbour-guess', NAT)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses).toContain(429);
    // Without the cookie, the address waits; in the browser that signed in before, the operator is in.
    expect((await signIn(op.email, op.password, NAT)).status).toBe(429);
    const owners = await signIn(op.email, op.password, NAT, cookie);
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);

    // A publisher's device cookie, another operator's, or an altered one is no key to this account.
    const other = await createOperator(t);
    const theirs = deviceCookieOf(await signIn(other.email, other.password, '198.51.100.21')).pair;
    expect((await signIn(op.email, op.password, NAT, theirs)).status).toBe(429);
    const publisherKind = theirs.replace('portal_operator_device=', 'portal_device=');
    expect((await signIn(op.email, op.password, NAT, publisherKind)).status).toBe(429);
    const forged = `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn(op.email, op.password, NAT, forged)).status).toBe(429);
  });

  it("the device's own wrong passwords still wait", async () => {
    const op = await createOperator(t);
    const cookie = deviceCookieOf(await signIn(op.email, op.password, '198.51.100.22')).pair;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await signIn(op.email, 'wrong-password', NAT, cookie)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await signIn(op.email, op.password, NAT, cookie)).status).toBe(429);
  });
});
