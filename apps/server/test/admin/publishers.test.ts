import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/shared';
import { VIEW_AS_READ_ONLY_MESSAGE } from '@portal/shared';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import {
  adminClient,
  auditRows,
  createOperator,
  operatorLogin,
  type AdminClient,
} from '../helpers/operator-factories.ts';
import { addAccount, createPublisher, login, signupPayload } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, settle } from '../helpers/tracking-factories.ts';
import { createPrivateOffer } from '../helpers/network-factories.ts';

const PUBLIC_URL = 'https://portal.example.test';
const FORBIDDEN = ERROR_CODES.FORBIDDEN;

describe('the Publishers area: list, page, status changes, users, account manager, view as publisher', () => {
  let t: TestApp;
  let manager: AdminClient;
  let viewer: AdminClient;
  let managerId: number;
  let viewerOp: { id: number; email: string; password: string };
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    const m = await createOperator(t, { role: 'manager', name: 'Mia Manager' });
    managerId = m.id;
    manager = adminClient(t, await operatorLogin(t, m));
    viewerOp = await createOperator(t, { role: 'viewer', name: 'Vic Viewer' });
    viewer = adminClient(t, await operatorLogin(t, viewerOp));
  });
  afterAll(() => t.close());

  const me = (token: string) => t.get('/user/me.json', { token });

  it('a sign-up waits for approval; approved in the console, it logs in, is e-mailed, and the audit log keeps why', async () => {
    const payload = signupPayload({ company_name: 'Approval Media' });
    expect((await t.post('/publisher/sign-up', payload)).status).toBe(200);
    const email = payload['user_email'] as string;
    const credentials = { user_name: email, password: payload['user_password'] };
    const before = await t.post('/user/authenticate', credentials);
    expect(before.status).not.toBe(200);

    const found = await viewer.post('/publishers', { filters: { status: 'pending' }, search: email.toUpperCase() });
    expect(found.status).toBe(200);
    expect(found.body.data).toHaveLength(1);
    const row = found.body.data[0];
    expect(row).toMatchObject({ name: 'Approval Media', status: 'pending', email, users: 1 });

    // Field errors first: no action, no reason.
    expect((await manager.post(`/publishers/${row.id}/status`, { reason: 'x' })).body.errors).toEqual({
      action: { code: '0x4013', message: 'Please choose a status change.' },
    });
    expect(
      (await manager.post(`/publishers/${row.id}/status`, { action: 'approve', reason: '  ' })).body.errors,
    ).toEqual({ reason: { code: '0x4001', message: 'Please enter a reason.' } });
    expect((await manager.post(`/publishers/${row.id}/status`, { action: 'fly', reason: 'x' })).status).toBe(422);
    // A viewer may not.
    const refused = await viewer.post(`/publishers/${row.id}/status`, { action: 'approve', reason: 'Looks fine' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(FORBIDDEN);

    const approved = await manager.post(`/publishers/${row.id}/status`, {
      action: 'approve',
      reason: 'Website checked',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toEqual({ id: row.id, status: 'active' });
    const after = await t.post('/user/authenticate', credentials);
    expect(after.status).toBe(200);
    expect((await me(after.body.data.jwt)).body.data.user.email).toBe(email);

    const mail = await eventually(() => t.outbox().find((m) => m.to === email && /approved/.test(m.subject)));
    expect(mail.subject).toBe('Your publisher account is approved');
    expect(mail.text).toContain(`${PUBLIC_URL}/login`);
    expect(mail.text).not.toContain('Website checked');
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'publisher.approve',
      object_type: 'publisher',
      object_id: String(row.id),
      operator_id: managerId,
      reason: 'Website checked',
      before: { status: 'pending', approved_at: null },
      after: { status: 'active' },
    });
    expect((entry!.after as { approved_at: string | null }).approved_at).not.toBeNull();

    // Approving again is not a change it can make.
    const again = await manager.post(`/publishers/${row.id}/status`, { action: 'approve', reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: '0x4090', message: 'This publisher is active: it cannot be approved.' });
  });

  it('suspend ends the sessions at once, reactivate opens the account again; reject only a pending one', async () => {
    const p = await createPublisher(t, { name: 'Suspended Soon' });
    const token = await login(t, p);
    const setStatus = (action: string) =>
      manager.post(`/publishers/${p.publisherId}/status`, { action, reason: `because ${action}` });
    expect((await setStatus('reject')).status).toBe(409);
    expect((await setStatus('suspend')).body.data.status).toBe('suspended');
    expect((await me(token)).status).toBe(401);
    expect((await t.post('/user/authenticate', { user_name: p.email, password: p.password })).status).not.toBe(200);
    expect((await setStatus('reactivate')).body.data.status).toBe('active');
    expect((await t.post('/user/authenticate', { user_name: p.email, password: p.password })).status).toBe(200);
    const subjects = t
      .outbox()
      .filter((m) => m.to === p.email)
      .map((m) => m.subject);
    expect(subjects).toEqual(['Your publisher account is suspended', 'Your publisher account is active again']);
    const actions = (await auditRows(t)).slice(0, 2).map((r) => [r.action, r.reason]);
    expect(actions).toEqual([
      ['publisher.reactivate', 'because reactivate'],
      ['publisher.suspend', 'because suspend'],
    ]);
    expect((await manager.post('/publishers/999999/status', { action: 'suspend', reason: 'x' })).status).toBe(404);
  });

  it('lists by keyset: search by name or e-mail, status filter, sorted by name', async () => {
    const tag = `kz${Date.now().toString(36)}`;
    const made = [];
    for (const n of ['Alpha', 'Bravo', 'Charlie']) made.push(await createPublisher(t, { name: `${tag} ${n}` }));
    await createPublisher(t, { name: `${tag} Delta`, status: 'rejected' });
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { body: { data: { name: string }[]; cursor: { next: string | null } } } = await viewer.post(
        '/publishers',
        { filters: { status: 'active' }, search: tag, sort: 'name', order: 1, limit: 2, ...(cursor ? { cursor } : {}) },
      );
      pages.push(r.body.data.map((d) => d.name).join(','));
      cursor = r.body.cursor.next;
    } while (cursor);
    expect(pages).toEqual([`${tag} Alpha,${tag} Bravo`, `${tag} Charlie`]);
    const byEmail = await viewer.post('/publishers', { search: made[1]!.email });
    expect(byEmail.body.data.map((d: { id: number }) => d.id)).toEqual([made[1]!.publisherId]);
    const rejected = await viewer.post('/publishers', { filters: { status: 'rejected' }, search: tag });
    expect(rejected.body.data.map((d: { name: string }) => d.name)).toEqual([`${tag} Delta`]);
    expect((await viewer.post('/publishers', { filters: { status: 'gone' } })).status).toBe(422);
    expect((await viewer.post('/publishers', { cursor: 'nope' })).status).toBe(422);
    expect((await viewer.post('/publishers', { surprise: 1 })).status).toBe(422);
  });

  it('the page: users and their other accounts, referrer, granted offers, month-to-date figures', async () => {
    const referrer = await createPublisher(t, { name: 'Referring Partner' });
    const p = await createPublisher(t, { name: 'Figures Media' });
    await t.app.ctx.db
      .updateTable('publishers')
      .set({ referrer_publisher_id: referrer.publisherId })
      .where('id', '=', p.publisherId)
      .execute();
    const other = await addAccount(t, p.userId, { name: 'Side Account' });
    const offer = await createTrackedOffer(t, { payout: 12.5 });
    for (let i = 0; i < 3; i++) {
      const c = await click(t, offer.offerId, p.publisherId);
      if (i === 0) expect((await convert(t, { tid: c.tid!, token: offer.token })).status).toBe(200);
    }
    await settle(t);
    const granted = await createPrivateOffer(t, [p.publisherId], { name: 'Private Deal' });

    const r = await viewer.get(`/publishers/${p.publisherId}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id: p.publisherId,
      name: 'Figures Media',
      status: 'active',
      account_manager: null,
      referrer: { id: referrer.publisherId, name: 'Referring Partner' },
      users: [
        {
          id: p.userId,
          email: p.email,
          other_accounts: [{ id: other.publisherId, name: 'Side Account', status: 'active' }],
        },
      ],
      month_to_date: { clicks: 3, conversions: 1, payout: 12.5, timezone: 'UTC' },
      granted_offers: [{ offer_id: granted.offerId, offer_name: 'Private Deal' }],
    });
    expect(r.body.data.month_to_date.start).toMatch(/^\d{4}-\d{2}-01$/);
    expect((await viewer.get('/publishers/999999')).status).toBe(404);
    expect((await viewer.get('/publishers/abc')).status).toBe(422);
  });

  it('sets and clears the account manager, in the audit log; a viewer may not', async () => {
    const p = await createPublisher(t, { name: 'Managed Media' });
    const am = await t.app.ctx.db
      .insertInto('account_managers')
      .values({ name: 'Anna Manager', email: 'anna@network.test', phone: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await viewer.get('/account-managers');
    expect(list.body.data).toContainEqual({ id: am.id, name: 'Anna Manager', email: 'anna@network.test', phone: null });
    const path = `/publishers/${p.publisherId}/update`;
    expect((await viewer.post(path, { account_manager_id: am.id })).status).toBe(403);
    expect((await manager.post(path, { account_manager_id: 999999 })).body.errors).toEqual({
      account_manager_id: { code: '0x4011', message: 'No such account manager.' },
    });
    expect((await manager.post(path, { account_manager_id: am.id })).status).toBe(200);
    expect((await viewer.get(`/publishers/${p.publisherId}`)).body.data.account_manager.name).toBe('Anna Manager');
    // The publisher's portal shows its manager.
    expect((await t.post('/manager', {}, { token: await login(t, p) })).body.data).toMatchObject({
      name: 'Anna Manager',
    });
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'publisher.update',
      before: { account_manager_id: null },
      after: { account_manager_id: am.id },
    });
    expect((await manager.post(path, { account_manager_id: null })).status).toBe(200);
    expect((await viewer.get(`/publishers/${p.publisherId}`)).body.data.account_manager).toBeNull();
  });

  it('links and unlinks users as user:link/unlink do: the unlinked user’s sessions for it stop at once', async () => {
    const p = await createPublisher(t, { name: 'Shared Account' });
    const helper = await createPublisher(t, { name: 'Helper Own' });
    const path = `/publishers/${p.publisherId}/users`;
    expect((await manager.post(`${path}/link`, {})).body.errors).toEqual({
      email: { code: '0x4001', message: 'Please enter an e-mail address.' },
    });
    expect((await manager.post(`${path}/link`, { email: 'nobody@example.test' })).body.errors).toEqual({
      email: { code: '0x4011', message: 'No user has this e-mail address.' },
    });
    expect((await viewer.post(`${path}/link`, { email: helper.email })).status).toBe(403);
    expect((await manager.post(`${path}/link`, { email: helper.email.toUpperCase() })).status).toBe(200);
    expect((await manager.post(`${path}/link`, { email: helper.email })).body.errors.email.code).toBe('0x4015');
    const users = (await viewer.get(`/publishers/${p.publisherId}`)).body.data.users;
    expect(users.map((u: { email: string }) => u.email)).toEqual([p.email, helper.email]);

    // The helper now reaches the shared account.
    const choice = await t.post('/user/authenticate', { user_name: helper.email, password: helper.password });
    const switched = await t.post(
      '/impersonate',
      { user_id: helper.userId, publisher_id: p.publisherId },
      { token: choice.body.data.jwt },
    );
    expect(switched.status).toBe(200);
    const sharedToken = switched.body.data.jwt as string;
    expect((await me(sharedToken)).status).toBe(200);

    expect((await viewer.post(`${path}/unlink`, { user_id: helper.userId })).status).toBe(403);
    expect((await manager.post(`${path}/unlink`, { user_id: helper.userId })).status).toBe(200);
    expect((await me(sharedToken)).status).toBe(401);
    expect((await manager.post(`${path}/unlink`, { user_id: helper.userId })).status).toBe(404);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'publisher.unlink_user',
      before: { users: [p.email, helper.email] },
      after: { users: [p.email] },
    });
  });

  it('view as publisher: a one-time link naming the operator, in the audit log; a viewer may not', async () => {
    const p = await createPublisher(t, { name: 'Viewed Media' });
    const exchange = async (link: string) => {
      const code = new URL(link).searchParams.get('login_code')!;
      const r = await t.post('/user/exchange-login-code', { code });
      expect(r.status).toBe(200);
      return r.body.data.jwt as string;
    };
    const profileWrite = (token: string) => t.post('/user/update', { user_timezone: 'Europe/Paris' }, { token });

    expect((await viewer.post(`/publishers/${p.publisherId}/view-as`)).status).toBe(403);
    const made = await manager.post(`/publishers/${p.publisherId}/view-as`);
    expect(made.status).toBe(200);
    expect(made.body.data.email).toBe(p.email);
    expect(made.body.data.link).toMatch(
      new RegExp(`^${PUBLIC_URL}/\\?login_code=[\\w-]{43}&publisher_id=${p.publisherId}$`),
    );
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'publisher.view_as',
      object_type: 'publisher',
      object_id: String(p.publisherId),
      operator_id: managerId,
      after: { user: p.email },
    });
    expect(JSON.stringify(entry)).not.toContain(new URL(made.body.data.link).searchParams.get('login_code'));

    const session = await exchange(made.body.data.link);
    const claims = JSON.parse(Buffer.from(session.split('.')[1]!, 'base64url').toString());
    expect(claims.act).toMatchObject({ oid: managerId });
    expect((await me(session)).body.data.user.email).toBe(p.email);
    expect((await t.post('/offer-list', {}, { token: session })).status).toBe(200);
    // The code works once.
    const code = new URL(made.body.data.link).searchParams.get('login_code');
    expect((await t.post('/user/exchange-login-code', { code })).status).toBe(401);

    // A manager's session may write; demoted to viewer, it reads only; disabled, it ends.
    expect((await profileWrite(session)).status).toBe(200);
    await t.app.ctx.db.updateTable('operators').set({ role: 'viewer' }).where('id', '=', managerId).execute();
    const write = await profileWrite(session);
    expect(write.status).toBe(403);
    expect(write.body.error).toEqual({ code: FORBIDDEN, message: VIEW_AS_READ_ONLY_MESSAGE });
    await t.app.ctx.db
      .updateTable('operators')
      .set({ role: 'manager', status: 'disabled' })
      .where('id', '=', managerId)
      .execute();
    expect((await me(session)).status).toBe(401);
    await t.app.ctx.db.updateTable('operators').set({ status: 'active' }).where('id', '=', managerId).execute();

    // Only an active publisher with a user.
    const pending = await createPublisher(t, { status: 'pending' });
    const refused = await manager.post(`/publishers/${pending.publisherId}/view-as`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Only an active publisher can be viewed: this one is pending.');
  });
});
