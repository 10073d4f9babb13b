import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import {
  adminClient,
  adminPath,
  auditRows,
  createOperator,
  operatorLogin,
  type OperatorFixture,
  signedInOperator,
  type AdminClient,
} from '../helpers/operator-factories.ts';
import { seedDemoOperator } from '../../src/seed/demo-operator.ts';
import { seedDemoNetwork } from '../../src/seed/demo-seed.ts';

const PUBLIC_URL = 'https://console.example.test';
const FORBIDDEN_CODE = '0x4030';

describe('the Operators area: roles, invitations, role changes, disabling, with audit entries', () => {
  let t: TestApp;
  let owner: OperatorFixture;
  let ownerApi: AdminClient;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    owner = await createOperator(t, { role: 'owner', name: 'Owen Owner' });
    ownerApi = adminClient(t, await operatorLogin(t, owner));
  });
  afterAll(() => t.close());

  const invite = (body: unknown) => ownerApi.post('/operators/invite', body);
  const linkToken = (link: string) => new URL(link).searchParams.get('token')!;

  it('each role reaches what it may: a viewer’s write and a manager’s owner-only call answer 403 0x4030', async () => {
    const viewer = (await signedInOperator(t, 'viewer')).api;
    const manager = (await signedInOperator(t, 'manager')).api;
    // Reads open to every operator.
    for (const api of [viewer, manager, ownerApi]) {
      expect((await api.get('/overview')).status).toBe(200);
      expect((await api.post('/audit-log', {})).status).toBe(200);
      expect((await api.get('/audit-log/operators')).status).toBe(200);
    }
    // Owner-only, reads and writes alike.
    for (const api of [viewer, manager]) {
      for (const r of [
        await api.post('/operators', {}),
        await api.post('/operators/invite', { email: 'x@example.test', name: 'X', role: 'viewer' }),
        await api.post(`/operators/${owner.id}/update`, { role: 'viewer' }),
        await api.get('/settings'),
        await api.post('/settings/update', { require_2fa: false }),
      ]) {
        expect(r.status).toBe(403);
        expect(r.body.error.code).toBe(FORBIDDEN_CODE);
      }
    }
    expect((await ownerApi.post('/operators', {})).status).toBe(200);
  });

  it('invites: coded field errors, a link e-mailed and answered once, built from PUBLIC_URL', async () => {
    const missing = await invite({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({
      email: { code: '0x4001', message: 'Please enter an e-mail address.' },
      name: { code: '0x4001', message: 'Please enter a name.' },
      role: { code: '0x4013', message: 'Please choose a role.' },
    });
    expect((await invite({ email: 'nope', name: 'N', role: 'viewer' })).body.errors).toEqual({
      email: { code: '0x4010', message: 'Must provide valid email address.' },
    });
    expect((await invite({ email: 'a@b.test', name: 'N', role: 'admin' })).status).toBe(422);
    expect((await invite({ email: owner.email.toUpperCase(), name: 'N', role: 'viewer' })).body.errors).toEqual({
      email: { code: '0x4015', message: 'An operator with this e-mail already exists.' },
    });

    const r = await invite({ email: 'mia.manager@example.test', name: 'Mia Manager', role: 'manager' });
    expect(r.status).toBe(200);
    expect(r.body.data.operator).toMatchObject({
      email: 'mia.manager@example.test',
      name: 'Mia Manager',
      role: 'manager',
      status: 'active',
      password_set: false,
      two_factor_enabled: false,
      last_login_at: null,
    });
    expect(r.body.data.link).toMatch(/^https:\/\/console\.example\.test\/admin\/set-password\?token=[\w-]{43}$/);
    const mail = await eventually(() => t.outbox().find((m) => m.to === 'mia.manager@example.test'));
    expect(mail.subject).toBe('You are invited to the operator console');
    expect(mail.text).toContain(r.body.data.link);
    expect(mail.text).toContain(owner.email);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'operator.invite',
      object_type: 'operator',
      object_id: String(r.body.data.operator.id),
      operator_id: owner.id,
      actor: owner.email,
      address: '127.0.0.1',
      before: null,
      after: { email: 'mia.manager@example.test', role: 'manager', status: 'active', password_set: false },
    });
    expect(JSON.stringify(entry)).not.toContain(linkToken(r.body.data.link));
  });

  it('the set-password link works once, only the newest, and not after it expires', async () => {
    const first = await invite({ email: 'sam.setter@example.test', name: 'Sam', role: 'viewer' });
    const second = await invite({ email: 'sam.setter@example.test', name: 'Sam Setter', role: 'viewer' });
    expect(second.body.data.operator.id).toBe(first.body.data.operator.id);
    const set = (token: string, password = 'brand-new-password', verify = password) =>
      t.post(adminPath('/auth/set-password'), { token, password, password_verify: verify });
    const refused = {
      token: {
        code: '0x4011',
        message: 'This link has expired or was already used. Please ask an owner for a new one.',
      },
    };
    expect((await set(linkToken(first.body.data.link))).body.errors).toEqual(refused);
    expect((await set(linkToken(second.body.data.link), 'short')).body.errors).toEqual({
      password: { code: '0x4011', message: 'Password must be at least 8 characters' },
    });
    expect((await set(linkToken(second.body.data.link), 'brand-new-password', 'other')).body.errors).toEqual({
      password_verify: { code: '0x4014', message: 'Passwords do not match.' },
    });
    const ok = await set(linkToken(second.body.data.link));
    expect(ok.body).toEqual({ data: { email: 'sam.setter@example.test' } });
    expect((await set(linkToken(second.body.data.link))).body.errors).toEqual(refused);
    const token = await operatorLogin(t, { email: 'sam.setter@example.test', password: 'brand-new-password' });
    expect((await adminClient(t, token).get('/me')).body.data).toMatchObject({ name: 'Sam Setter', role: 'viewer' });
    // Set: a further invitation for the same e-mail is refused.
    expect(
      (await invite({ email: 'sam.setter@example.test', name: 'Sam', role: 'viewer' })).body.errors.email.code,
    ).toBe('0x4015');

    const late = await invite({ email: 'late.larry@example.test', name: 'Larry', role: 'viewer' });
    await t.app.ctx.db
      .updateTable('operator_password_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('operator_id', '=', late.body.data.operator.id)
      .execute();
    expect((await set(linkToken(late.body.data.link))).body.errors).toEqual(refused);
  });

  it('changes a role and disables: tokens stop at once, before → after and the reason in the audit log', async () => {
    const target = await createOperator(t, { role: 'viewer' });
    const token = await operatorLogin(t, target);
    const promoted = await ownerApi.post(`/operators/${target.id}/update`, {
      role: 'manager',
      reason: 'Runs offers now',
    });
    expect(promoted.body.data).toMatchObject({ id: target.id, role: 'manager', status: 'active' });
    // A role is read on every request: the same token is a manager's now.
    expect((await adminClient(t, token).get('/me')).body.data.role).toBe('manager');
    const [promotion] = await auditRows(t);
    expect(promotion).toMatchObject({
      action: 'operator.update',
      object_id: String(target.id),
      before: { role: 'viewer', status: 'active' },
      after: { role: 'manager', status: 'active' },
      reason: 'Runs offers now',
    });

    const disabled = await ownerApi.post(`/operators/${target.id}/update`, { status: 'disabled' });
    expect(disabled.body.data.status).toBe('disabled');
    expect((await adminClient(t, token).get('/me')).status).toBe(401);
    expect((await t.post(adminPath('/auth/login'), { email: target.email, password: target.password })).status).toBe(
      403,
    );
    // The newest entry is the refused sign-in (operator.sign_in_failed); the disabling is before it.
    const disabling = (await auditRows(t)).find((e) => e.action === 'operator.update');
    expect(disabling).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' }, reason: null });

    expect((await ownerApi.post(`/operators/${target.id}/update`, {})).body.errors).toEqual({
      role: { code: '0x4013', message: 'Choose a role or a status to change.' },
    });
    expect((await ownerApi.post('/operators/999999/update', { role: 'viewer' })).status).toBe(404);
    expect((await ownerApi.post('/operators/abc/update', { role: 'viewer' })).status).toBe(422);
    expect((await ownerApi.post(`/operators/${target.id}/update`, { role: 'viewer', extra: 1 })).status).toBe(422);
  });

  it('always keeps one active owner', async () => {
    const before = (await auditRows(t)).length;
    const demote = await ownerApi.post(`/operators/${owner.id}/update`, { role: 'manager' });
    expect(demote.status).toBe(422);
    expect(demote.body.errors).toEqual({
      role: { code: '0x4011', message: 'The console needs at least one active owner.' },
    });
    expect((await ownerApi.post(`/operators/${owner.id}/update`, { status: 'disabled' })).body.errors.status.code).toBe(
      '0x4011',
    );
    // A refused write leaves no audit entry.
    expect((await auditRows(t)).length).toBe(before);
    const second = await createOperator(t, { role: 'owner' });
    expect((await ownerApi.post(`/operators/${second.id}/update`, { role: 'manager' })).status).toBe(200);
    expect((await ownerApi.post(`/operators/${second.id}/update`, { role: 'owner' })).status).toBe(200);
    expect((await ownerApi.post(`/operators/${owner.id}/update`, { role: 'manager' })).status).toBe(200);
    const secondApi = adminClient(t, await operatorLogin(t, second));
    expect((await secondApi.post(`/operators/${owner.id}/update`, { role: 'owner' })).status).toBe(200);
  });

  it('lists operators by keyset pages in the chosen order and filters; a bad cursor or sort is a 422', async () => {
    const all: { id: number; name: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await ownerApi.post('/operators', { limit: 2, sort: 'name', order: 1, cursor });
      expect(page.status).toBe(200);
      all.push(...page.body.data);
      cursor = page.body.cursor.next;
    } while (cursor);
    const count = await t.app.ctx.db
      .selectFrom('operators')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(all.length).toBe(count.n);
    expect(new Set(all.map((o) => o.id)).size).toBe(all.length);
    const names = all.map((o) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const disabled = await ownerApi.post('/operators', { filters: { status: 'disabled' } });
    expect(disabled.body.data.length).toBeGreaterThan(0);
    expect(disabled.body.data.every((o: { status: string }) => o.status === 'disabled')).toBe(true);
    expect((await ownerApi.post('/operators', { cursor: 'garbage' })).body.errors.cursor.code).toBe('0x4010');
    expect((await ownerApi.post('/operators', { sort: 'password_hash' })).status).toBe(422);
    expect(JSON.stringify(all)).not.toMatch(/password_hash|totp/);
  });
});

describe('the demo operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is seeded once as an owner, ops@portal.test / demo-password, and left as it is afterwards', async () => {
    await seedDemoOperator(t.app.ctx);
    await seedDemoOperator(t.app.ctx);
    const rows = await t.app.ctx.db.selectFrom('operators').selectAll().execute();
    expect(rows.map((r) => [r.email, r.role, r.status])).toEqual([['ops@portal.test', 'owner', 'active']]);
    const api = adminClient(t, await operatorLogin(t, { email: 'ops@portal.test', password: 'demo-password' }));
    expect((await api.get('/me')).body.data).toMatchObject({ name: 'Olivia Ops', role: 'owner' });
    await t.app.ctx.db.updateTable('operators').set({ name: 'Renamed' }).execute();
    await seedDemoOperator(t.app.ctx);
    expect((await api.get('/me')).body.data.name).toBe('Renamed');
  });
});

describe('the demo operator with the demo network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is not added by a start to a database whose demo network is there already (only seeded with it)', async () => {
    await t.app.ctx.db
      .insertInto('users')
      .values({ email: 'demo@portal.test', password_hash: 'x', firstname: 'D', lastname: 'D' })
      .execute();
    expect(await seedDemoNetwork(t.app.ctx)).toEqual({ seeded: false });
    expect(await t.app.ctx.db.selectFrom('operators').select('email').execute()).toEqual([]);
  });
});
