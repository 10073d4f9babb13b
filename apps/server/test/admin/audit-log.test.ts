import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import {
  adminClient,
  createOperator,
  operatorLogin,
  type OperatorFixture,
  signedInOperator,
  type AdminClient,
} from '../helpers/operator-factories.ts';
import { auditService, cliActor, operatorActor } from '../../src/modules/audit/audit.service.ts';

describe('the audit log', () => {
  let t: TestApp;
  let owner: OperatorFixture;
  let other: OperatorFixture;
  let api: AdminClient;
  let viewerApi: AdminClient;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createOperator(t, { role: 'owner', name: 'Ada Owner' });
    other = await createOperator(t, { role: 'owner', name: 'Bo Owner' });
    api = adminClient(t, await operatorLogin(t, owner));
    viewerApi = (await signedInOperator(t, 'viewer')).api;
    const otherApi = adminClient(t, await operatorLogin(t, other));
    // Three sign-ins (the owner, the viewer, the other owner), then five writes: three by the owner,
    // two by the other owner.
    for (const name of ['One', 'Two', 'Three'])
      await api.post('/operators/invite', { email: `${name.toLowerCase()}@example.test`, name, role: 'viewer' });
    await otherApi.post('/operators/invite', { email: 'four@example.test', name: 'Four', role: 'viewer' });
    const four = await t.app.ctx.db
      .selectFrom('operators')
      .select('id')
      .where('email', '=', 'four@example.test')
      .executeTakeFirstOrThrow();
    await otherApi.post(`/operators/${four.id}/update`, { role: 'manager', reason: 'promoted' });
  });
  afterAll(() => t.close());

  it('lists every write newest first with who, what, before → after; viewers read it too', async () => {
    const r = await viewerApi.post('/audit-log', {});
    expect(r.status).toBe(200);
    expect(r.body.data.map((e: { action: string }) => e.action)).toEqual([
      'operator.update',
      'operator.invite',
      'operator.invite',
      'operator.invite',
      'operator.invite',
      'operator.signed_in',
      'operator.signed_in',
      'operator.signed_in',
    ]);
    expect(r.body.data[0]).toMatchObject({
      operator_id: other.id,
      operator_name: 'Bo Owner',
      actor: other.email,
      object_type: 'operator',
      before: { role: 'viewer' },
      after: { role: 'manager' },
      reason: 'promoted',
      address: '127.0.0.1',
    });
    expect(new Date(r.body.data[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(r.body.cursor.next).toBeNull();
  });

  it('filters by operator, by object, by date (calendar days in a zone)', async () => {
    const byOther = await api.post('/audit-log', { filters: { operator_id: other.id } });
    expect(byOther.body.data.map((e: { action: string }) => e.action)).toEqual([
      'operator.update',
      'operator.invite',
      'operator.signed_in',
    ]);
    const updated = (await api.post('/audit-log', {})).body.data[0];
    const byObject = await api.post('/audit-log', {
      filters: { object_type: 'operator', object_id: updated.object_id },
    });
    expect(byObject.body.data.map((e: { action: string }) => e.action)).toEqual(['operator.update', 'operator.invite']);
    expect((await api.post('/audit-log', { filters: { object_type: 'offer' } })).body.data).toEqual([]);

    const zone = 'Pacific/Kiritimati';
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const inToday = await api.post('/audit-log', {
      filters: { date_range: { start: today, end: today }, time_zone: zone },
    });
    expect(inToday.body.data).toHaveLength(8);
    const inYesterday = await api.post('/audit-log', {
      filters: { date_range: { start: yesterday, end: yesterday }, time_zone: zone },
    });
    expect(inYesterday.body.data).toEqual([]);
    expect(
      (await api.post('/audit-log', { filters: { date_range: { start: today, end: today }, time_zone: 'Mars/Base' } }))
        .body.errors,
    ).toEqual({ 'filters.time_zone': { code: '0x4010', message: 'Unknown time zone.' } });
    expect((await api.post('/audit-log', { filters: { object_type: 'password' } })).status).toBe(422);
  });

  it('pages by keyset: every entry once, in order; a foreign cursor is a 422', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await api.post('/audit-log', { limit: 2, cursor });
      seen.push(...page.body.data.map((e: { id: number }) => e.id));
      cursor = page.body.cursor.next;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    const first = await api.post('/audit-log', { limit: 2 });
    const ascending = await api.post('/audit-log', { limit: 2, order: 1, cursor: first.body.cursor.next });
    expect(ascending.status).toBe(422);
    expect(ascending.body.errors.cursor.code).toBe('0x4010');
  });

  it('names every operator for the filter', async () => {
    const r = await viewerApi.get('/audit-log/operators');
    expect(r.body.data).toEqual(
      expect.arrayContaining([
        { id: owner.id, name: 'Ada Owner', email: owner.email },
        { id: other.id, name: 'Bo Owner', email: other.email },
      ]),
    );
  });

  it('a write records in its own transaction: one that records nothing, or fails after, leaves nothing', async () => {
    const count = async () =>
      (
        await t.app.ctx.db
          .selectFrom('audit_log')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const actor = operatorActor({ id: owner.id, email: owner.email }, '127.0.0.1');
    await expect(
      auditService.write(t.app.ctx, actor, async (trx) => {
        await trx.updateTable('operators').set({ name: 'Renamed' }).where('id', '=', owner.id).execute();
      }),
    ).rejects.toThrow('an operator write recorded no audit entry');
    await expect(
      auditService.write(t.app.ctx, cliActor('root'), async (trx, audit) => {
        await audit({ action: 'operator.update', objectType: 'operator', objectId: owner.id });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await count()).toBe(before);
    const name = await t.app.ctx.db
      .selectFrom('operators')
      .select('name')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(name.name).toBe('Ada Owner');
  });
});

describe('the Overview', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows how many publishers wait for approval, the newest first with their e-mail', async () => {
    const api = (await signedInOperator(t, 'viewer')).api;
    expect((await api.get('/overview')).body.data.pending_publishers).toEqual({ count: 0, latest: [] });
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await createPublisher(t, { status: 'pending', name: `Waiting ${i}` }));
    await createPublisher(t, { status: 'active' });
    const r = await api.get('/overview');
    expect(r.body.data.pending_publishers.count).toBe(7);
    expect(r.body.data.pending_publishers.latest).toHaveLength(5);
    expect(r.body.data.pending_publishers.latest[0]).toEqual({
      id: made[6]!.publisherId,
      name: 'Waiting 6',
      email: made[6]!.email,
      created_at: expect.any(String),
    });
  });
});
