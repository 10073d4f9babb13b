import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { totpCode, wrongCode } from '../helpers/totp.ts';
import { adminClient, adminPath, auditRows, createOperator, operatorLogin } from '../helpers/operator-factories.ts';

const INVALID_CODE = { code: { code: '0x4011', message: 'Invalid code' } };

describe('operator two-factor authentication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Enrols an operator over HTTP; answers the secret, the recovery codes and the fresh token. */
  async function enrol(token: string, password: string) {
    const api = adminClient(t, token);
    const setup = await api.post('/me/two-factor/setup', { password });
    expect(setup.status).toBe(200);
    const secret = setup.body.data.secret as string;
    const enabled = await api.post('/me/two-factor/enable', { code: totpCode(secret) });
    expect(enabled.status).toBe(200);
    return { secret, codes: enabled.body.data.recovery_codes as string[], jwt: enabled.body.data.jwt as string };
  }

  it('enrols with the current password and a code; other sessions end, recovery codes are shown once', async () => {
    const op = await createOperator(t);
    const token = await operatorLogin(t, op);
    const other = await operatorLogin(t, op);
    const api = adminClient(t, token);
    expect((await api.post('/me/two-factor/setup', {})).body.errors).toEqual({
      password: { code: '0x4001', message: 'Please enter your current password.' },
    });
    expect((await api.post('/me/two-factor/setup', { password: 'wrong' })).body.errors).toEqual({
      password: { code: '0x4011', message: 'Invalid credentials.' },
    });
    const setup = await api.post('/me/two-factor/setup', { password: op.password });
    expect(setup.body.data.otpauth_uri).toContain(`secret=${setup.body.data.secret}`);
    expect(setup.body.data.otpauth_uri).toContain(encodeURIComponent(op.email));
    const bad = await api.post('/me/two-factor/enable', { code: wrongCode(setup.body.data.secret) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual(INVALID_CODE);
    const ok = await api.post('/me/two-factor/enable', { code: totpCode(setup.body.data.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.recovery_codes).toHaveLength(10);
    // The other session and this one's old token end; the fresh token goes on.
    expect((await adminClient(t, other).get('/me')).status).toBe(401);
    expect((await api.get('/me')).status).toBe(401);
    const me = await adminClient(t, ok.body.data.jwt).get('/me');
    expect(me.body.data).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10 });
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'operator.two_factor_on',
      object_type: 'operator',
      object_id: String(op.id),
      operator_id: op.id,
      before: { two_factor_enabled: false },
      after: { two_factor_enabled: true },
    });
  });

  it('signs in in two steps: the pending token opens only verify-code; each code works once', async () => {
    const op = await createOperator(t);
    const { secret, codes } = await enrol(await operatorLogin(t, op), op.password);
    const first = await t.post(adminPath('/auth/login'), { email: op.email, password: op.password });
    expect(first.body.data.two_factor_required).toBe(true);
    const pending = adminClient(t, first.body.data.jwt);
    expect((await pending.get('/me')).status).toBe(401);
    expect((await pending.post('/audit-log')).status).toBe(401);
    expect((await pending.post('/auth/verify-code', { code: wrongCode(secret) })).body.errors).toEqual(INVALID_CODE);
    // Wait for a step the enrolment did not use.
    let code = totpCode(secret, 1);
    const ok = await pending.post('/auth/verify-code', { code });
    expect(ok.status).toBe(200);
    expect((await adminClient(t, ok.body.data.jwt).get('/me')).status).toBe(200);
    // An access token is not a pending one.
    expect((await adminClient(t, ok.body.data.jwt).post('/auth/verify-code', { code })).status).toBe(401);
    const again = adminClient(
      t,
      (await t.post(adminPath('/auth/login'), { email: op.email, password: op.password })).body.data.jwt,
    );
    expect((await again.post('/auth/verify-code', { code })).body.errors).toEqual(INVALID_CODE);
    code = codes[0]!.toUpperCase();
    expect((await again.post('/auth/verify-code', { code })).status).toBe(200);
    const third = adminClient(
      t,
      (await t.post(adminPath('/auth/login'), { email: op.email, password: op.password })).body.data.jwt,
    );
    expect((await third.post('/auth/verify-code', { code })).body.errors).toEqual(INVALID_CODE);
  });

  it('turns off with a recovery code; refused while the console requires two-factor', async () => {
    const owner = await createOperator(t, { role: 'owner' });
    const { codes, jwt } = await enrol(await operatorLogin(t, owner), owner.password);
    const api = adminClient(t, jwt);
    expect((await api.post('/settings/update', { require_2fa: true })).status).toBe(200);
    const refused = await api.post('/me/two-factor/disable', { code: codes[1] });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.code.message).toBe(
      'Two-factor authentication is required for every operator of this console.',
    );
    expect((await api.post('/settings/update', { require_2fa: false })).status).toBe(200);
    const off = await api.post('/me/two-factor/disable', { code: codes[1] });
    expect(off.status).toBe(200);
    expect((await api.get('/me')).status).toBe(401);
    expect((await adminClient(t, off.body.data.jwt).get('/me')).body.data.two_factor_enabled).toBe(false);
  });

  it('required for all: an operator without it may only enrol (403 elsewhere); owners require it only with it on', async () => {
    const owner = await createOperator(t, { role: 'owner' });
    const ownerToken = await operatorLogin(t, owner);
    const refused = await adminClient(t, ownerToken).post('/settings/update', { require_2fa: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      require_2fa: { code: '0x4011', message: 'Turn on two-factor authentication for yourself first.' },
    });
    const { jwt } = await enrol(ownerToken, owner.password);
    const owners = adminClient(t, jwt);
    expect((await owners.post('/settings/update', { require_2fa: true })).body).toEqual({
      data: { require_2fa: true },
    });
    expect((await owners.get('/settings')).body).toEqual({ data: { require_2fa: true } });
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'settings.update',
      object_type: 'settings',
      before: { require_2fa: false },
      after: { require_2fa: true },
    });

    const manager = await createOperator(t, { role: 'manager' });
    const managerToken = await operatorLogin(t, manager);
    const m = adminClient(t, managerToken);
    expect((await m.get('/me')).body.data).toMatchObject({ two_factor_enabled: false, two_factor_required: true });
    const blocked = await m.get('/overview');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toEqual({
      code: '0x4030',
      message: 'Two-factor authentication is required for operators. Turn it on to continue.',
    });
    const { jwt: enrolled } = await enrol(managerToken, manager.password);
    expect((await adminClient(t, enrolled).get('/overview')).status).toBe(200);
    await owners.post('/settings/update', { require_2fa: false });
  });
});
