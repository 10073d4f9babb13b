import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ERROR_CODES } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminClient, auditRows, createOperator, operatorLogin } from '../helpers/operator-factories.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { VIEW_AS_REFUSED_MESSAGE } from '../../src/lib/view-as.ts';

/**
 * View as publisher cannot be abused (docs/security.md): owners and managers only; at most 30
 * minutes; it ends with the operator's own session, disabling or two-factor change; it never makes
 * API keys, changes the password, two-factor or payment details, nor reads the signing secret; each
 * write is in the audit log under the operator.
 */
describe('view as publisher, its limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string) => t.get('/user/me.json', { token });
  const exchange = async (link: string) => {
    const code = new URL(link).searchParams.get('login_code')!;
    const r = await t.post('/user/exchange-login-code', { code });
    expect(r.status).toBe(200);
    return r.body.data.jwt as string;
  };
  const signedIn = async (role: 'owner' | 'manager' | 'viewer') => {
    const op = await createOperator(t, { role });
    const token = await operatorLogin(t, op);
    return { op, token, api: adminClient(t, token) };
  };
  const viewAs = async (api: ReturnType<typeof adminClient>, publisherId: number) => {
    const made = await api.post(`/publishers/${publisherId}/view-as`);
    expect(made.status).toBe(200);
    return exchange(made.body.data.link);
  };

  it('a viewer may not view as a publisher (403), nor is anything recorded', async () => {
    const p = await createPublisher(t);
    const { api } = await signedIn('viewer');
    const before = (await auditRows(t)).length;
    const r = await api.post(`/publishers/${p.publisherId}/view-as`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe(ERROR_CODES.FORBIDDEN);
    expect((await auditRows(t)).length).toBe(before);
  });

  it('lasts at most 30 minutes, a fresh token after a change included', async () => {
    const p = await createPublisher(t);
    const { api } = await signedIn('manager');
    const session = await viewAs(api, p.publisherId);
    const claims = JSON.parse(Buffer.from(session.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(30 * 60);
    expect(claims.exp - claims.iat).toBeGreaterThan(25 * 60);
  });

  it('cannot make API keys, change the password, two-factor or payment details, nor read the signing secret', async () => {
    const p = await createPublisher(t);
    const { api } = await signedIn('owner');
    const session = await viewAs(api, p.publisherId);
    const refused = {
      '/api-key/create': { name: 'mine', password: p.password },
      '/user/update-password': { current_password: p.password, new_password: 'x', new_password_verify: 'x' },
      '/user/two-factor-authentication/setup': {},
      '/user/two-factor-authentication/enable': { code: '123456' },
      '/user/two-factor-authentication/disable': { code: '123456' },
      '/payment-details/update': { password: p.password },
      '/postback-signing-secret': {},
      '/postback-signing-secret/rotate': {},
    };
    for (const [path, body] of Object.entries(refused)) {
      const r = await t.post(path, body, { token: session });
      expect(r.status, path).toBe(403);
      expect(r.body.error, path).toEqual({ code: ERROR_CODES.FORBIDDEN, message: VIEW_AS_REFUSED_MESSAGE });
    }
    // The publisher itself may still read its secret.
    expect((await t.post('/postback-signing-secret', {}, { token: await login(t, p) })).status).toBe(200);
  });

  it('every write is in the audit log under the operator as publisher.view_as.<action>', async () => {
    const p = await createPublisher(t);
    const { api, op } = await signedIn('manager');
    const session = await viewAs(api, p.publisherId);
    expect((await t.post('/user/update', { user_timezone: 'Europe/Paris' }, { token: session })).status).toBe(200);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'publisher.view_as.user.update',
      operator_id: op.id,
      actor: op.email,
      object_type: 'publisher',
      object_id: String(p.publisherId),
      after: { request: { user_timezone: 'Europe/Paris' } },
    });
    // Reads are not written down; nor are the publisher's own writes.
    const count = (await auditRows(t)).length;
    expect((await t.post('/offer-list', {}, { token: session })).status).toBe(200);
    expect((await t.post('/user/update', { user_timezone: 'Europe/Rome' }, { token: await login(t, p) })).status).toBe(
      200,
    );
    expect((await auditRows(t)).length).toBe(count);
  });

  it('ends with the operator’s sign-out', async () => {
    const p = await createPublisher(t);
    const { api } = await signedIn('manager');
    const session = await viewAs(api, p.publisherId);
    expect((await me(session)).status).toBe(200);
    expect((await api.post('/auth/logout')).status).toBe(200);
    expect((await me(session)).status).toBe(401);
  });

  it('ends with a disabling, even once re-enabled, and with a two-factor change', async () => {
    const p = await createPublisher(t);
    const { api: ownerApi } = await signedIn('owner');
    const { api, op } = await signedIn('manager');
    const session = await viewAs(api, p.publisherId);
    expect((await ownerApi.post(`/operators/${op.id}/update`, { status: 'disabled', reason: 'left' })).status).toBe(
      200,
    );
    expect((await ownerApi.post(`/operators/${op.id}/update`, { status: 'active', reason: 'back' })).status).toBe(200);
    expect((await me(session)).status).toBe(401);

    const again = adminClient(t, await operatorLogin(t, op));
    const second = await viewAs(again, p.publisherId);
    expect((await me(second)).status).toBe(200);
    // A two-factor change bumps the operator's token version (operator-two-factor.service.ts).
    await t.app.ctx.db
      .updateTable('operators')
      .set({ token_version: sql<number>`token_version + 1` })
      .where('id', '=', op.id)
      .execute();
    expect((await me(second)).status).toBe(401);
  });
});
