import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/shared';
import { API_BASE, API_PATHS } from '@portal/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  adminClient,
  auditRows,
  type OperatorFixture,
  signedInOperator,
  type AdminClient,
} from '../helpers/operator-factories.ts';
import { createPublisher, login } from '../helpers/factories.ts';

const FORBIDDEN = ERROR_CODES.FORBIDDEN;

describe('the Notifications area: compose and send, the sent list with recipients and read counts', () => {
  let t: TestApp;
  let manager: OperatorFixture;
  let api: AdminClient;
  let viewer: AdminClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ op: manager, api } = await signedInOperator(t, 'manager'));
    viewer = (await signedInOperator(t, 'viewer')).api;
  });
  afterAll(() => t.close());

  const pub = (path: string, token: string, body: unknown = {}) => t.post(`${API_BASE}${path}`, body, { token });

  it('coded field errors for a bad compose', async () => {
    const empty = await api.post('/notifications/send', {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      title: { code: '0x4001', message: 'Please enter a title.' },
      audience: { code: '0x4013', message: 'Choose who gets the notification.' },
    });
    expect((await api.post('/notifications/send', { title: 'x'.repeat(501), audience: 'some' })).body.errors).toEqual({
      title: { code: '0x4010', message: 'Must be at most 500 characters.' },
      audience: { code: '0x4010', message: 'Choose all publishers or chosen ones.' },
    });
    expect((await api.post('/notifications/send', { title: 'T', audience: 'chosen' })).body.errors).toEqual({
      publisher_ids: { code: '0x4013', message: 'Choose at least one publisher.' },
    });
    expect(
      (await api.post('/notifications/send', { title: 'T', audience: 'chosen', publisher_ids: [987654] })).body.errors,
    ).toEqual({ publisher_ids: { code: '0x4011', message: 'No such publisher: 987654.' } });
    expect((await api.post('/notifications/send', { title: 'T', audience: 'all', publisher_ids: [1] })).status).toBe(
      422,
    );
    expect((await api.post('/notifications/send', { title: 'T', audience: 'all', extra: true })).status).toBe(422);
  });

  it('a send to chosen publishers rings their bell, sanitised; the read count rises as they read it', async () => {
    const a = await createPublisher(t, { name: 'Chosen Alpha' });
    const b = await createPublisher(t, { name: 'Chosen Bravo' });
    const other = await createPublisher(t, { name: 'Not Chosen' });
    const r = await api.post('/notifications/send', {
      title: 'Payout day moves',
      body: '<p>From <b>Friday</b></p><img src=x onerror="alert(1)"><script>alert(1)</script>',
      urgent: true,
      audience: 'chosen',
      publisher_ids: [b.publisherId, a.publisherId, a.publisherId],
    });
    expect(r.status).toBe(200);
    const sent = r.body.data;
    expect(sent).toMatchObject({
      title: 'Payout day moves',
      urgent: true,
      audience: 'chosen',
      recipients: 2,
      read: 0,
      sent_by: manager.email,
      publishers: [
        { id: a.publisherId, name: 'Chosen Alpha' },
        { id: b.publisherId, name: 'Chosen Bravo' },
      ],
    });
    expect(sent.body).not.toMatch(/onerror|<script/);
    expect(sent.body).toContain('<b>Friday</b>');

    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'notification.send',
      object_type: 'notification',
      object_id: String(sent.id),
      operator_id: manager.id,
      before: null,
      after: {
        title: 'Payout day moves',
        urgent: true,
        audience: 'chosen',
        recipients: 2,
        publisher_ids: [a.publisherId, b.publisherId].sort((x, y) => x - y),
      },
    });

    const tokenA = await login(t, a);
    const bell = await pub(API_PATHS.notificationModal, tokenA);
    const notice = bell.body.data.find((n: any) => n.summary === 'Payout day moves');
    expect(notice).toMatchObject({ urgent: true, is_read: false });
    expect(notice.description).not.toMatch(/onerror|<script/);
    const otherBell = await pub(API_PATHS.notificationModal, await login(t, other));
    expect(otherBell.body.data.some((n: any) => n.summary === 'Payout day moves')).toBe(false);

    const read = await pub(API_PATHS.notificationSetRead, tokenA, { notification_id: notice.notification_id });
    expect(read.status).toBe(200);
    const list = await viewer.post('/notifications', {});
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: sent.id, recipients: 2, read: 1 });
  });

  it('a send to all reaches every active publisher only; the list is newest first by keyset', async () => {
    const active = await createPublisher(t);
    const suspended = await createPublisher(t, { status: 'suspended' });
    const { count } = await t.app.ctx.db
      .selectFrom('publishers')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const r = await api.post('/notifications/send', { title: 'To everyone', body: '', audience: 'all' });
    expect(r.body.data).toMatchObject({
      audience: 'all',
      recipients: Number(count),
      read: 0,
      urgent: false,
      publishers: [],
    });
    const copies = await t.app.ctx.db
      .selectFrom('notifications')
      .select('publisher_id')
      .where('send_id', '=', r.body.data.id)
      .execute();
    const got = new Set(copies.map((c) => c.publisher_id));
    expect(got.has(active.publisherId)).toBe(true);
    expect(got.has(suspended.publisherId)).toBe(false);

    for (const title of ['Third', 'Fourth']) await api.post('/notifications/send', { title, audience: 'all' });
    const first = await api.post('/notifications', { limit: 2 });
    expect(first.body.data.map((s: any) => s.title)).toEqual(['Fourth', 'Third']);
    const second = await api.post('/notifications', { limit: 2, cursor: first.body.cursor.next });
    expect(second.body.data.map((s: any) => s.title)).toEqual(['To everyone', 'Payout day moves']);
    expect((await api.post('/notifications', { cursor: 'bad' })).status).toBe(422);
  });

  it('the recipient search finds publishers by name, e-mail or id, by keyset', async () => {
    const p = await createPublisher(t, { name: 'Zulu Searchable', email: 'zulu.finder@example.test' });
    for (const search of ['zulu sear', 'zulu.finder@', String(p.publisherId)]) {
      const r = await viewer.post('/notifications/recipients', { search });
      expect(r.status).toBe(200);
      expect(r.body.data).toContainEqual({ id: p.publisherId, name: 'Zulu Searchable', status: 'active' });
    }
    const page = await api.post('/notifications/recipients', { limit: 1 });
    expect(page.body.data).toHaveLength(1);
    const next = await api.post('/notifications/recipients', { limit: 1, cursor: page.body.cursor.next });
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
  });

  it('a viewer reads the sent list but sending answers 403 0x4030 and stores nothing', async () => {
    const before = (await t.app.ctx.db.selectFrom('notification_sends').select('id').execute()).length;
    const r = await viewer.post('/notifications/send', { title: 'Nope', audience: 'all' });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe(FORBIDDEN);
    expect((await t.app.ctx.db.selectFrom('notification_sends').select('id').execute()).length).toBe(before);
    expect((await adminClient(t, null).post('/notifications', {})).status).toBe(401);
  });
});
