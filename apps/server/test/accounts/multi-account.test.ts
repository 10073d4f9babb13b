import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsService } from '../../src/modules/accounts/accounts.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addAccount, createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';

describe('multi-account login: select_account token → multi-login → impersonate', () => {
  let t: TestApp;
  let m: PublisherFixture;
  let second: { publisherId: number; name: string };
  let pendingLinked: { publisherId: number };
  let other: PublisherFixture;
  let unlinked: { id: number };
  let selectToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    m = await createPublisher(t, { name: 'Multi EU' });
    second = await addAccount(t, m.userId, { name: 'Multi US' });
    pendingLinked = await addAccount(t, m.userId, { status: 'pending', name: 'Multi Pending' });
    other = await createPublisher(t, { name: 'Someone Else' });
    unlinked = await t.app.ctx.db
      .insertInto('publishers')
      .values({ name: 'Nobody Linked', status: 'active', referral_code: 'nolink01' })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
  afterAll(() => t.close());

  it('login answers multilogin_enabled with a select-account token that is not an access token', async () => {
    const r = await t.post('/user/authenticate', { user_name: m.email, password: m.password });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ jwt: expect.any(String), multilogin_enabled: true });
    selectToken = r.body.data.jwt;
    expect((await t.get('/user/me.json', { token: selectToken })).status).toBe(401);
    expect((await t.post('/user', {}, { token: selectToken })).status).toBe(401);
    expect((await t.post('/manager', {}, { token: selectToken })).status).toBe(401);
  });

  it('multi-login lists the user and their active accounts only', async () => {
    const r = await t.post('/multi-login', {}, { token: selectToken });
    expect(r.status).toBe(200);
    expect(r.body.data.user).toEqual({ id: m.userId, firstname: 'Test', lastname: expect.any(String), email: m.email });
    expect(r.body.data.accounts).toEqual([
      { account_id: m.publisherId, account_name: 'Multi EU', user_name: m.email },
      { account_id: second.publisherId, account_name: 'Multi US', user_name: m.email },
    ]);
    // No body at all is fine too; anything in it is refused.
    const empty = await fetch(`${t.url}/api/v1/multi-login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${selectToken}` },
    });
    expect(empty.status).toBe(200);
    const junk = await t.post('/multi-login', { account_id: 1 }, { token: selectToken });
    expect(junk.status).toBe(422);
    expect((await t.post('/multi-login', {})).status).toBe(401);
  });

  it('impersonate exchanges a linked account for an access token of that account', async () => {
    const r = await t.post(
      '/impersonate',
      { user_id: m.userId, publisher_id: second.publisherId },
      { token: selectToken },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { jwt: expect.any(String) } });
    const me = await t.get('/user/me.json', { token: r.body.data.jwt });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({
      id: m.userId,
      publisher_id: second.publisherId,
      publisher_name: 'Multi US',
      multi_account: true,
    });
    // Ids sent as strings of digits (as read from a URL) work too.
    const s = await t.post(
      '/impersonate',
      { user_id: String(m.userId), publisher_id: String(m.publisherId) },
      { token: selectToken },
    );
    expect(s.status).toBe(200);
    // With an access token the user switches accounts without logging in again.
    const sw = await t.post(
      '/impersonate',
      { user_id: m.userId, publisher_id: m.publisherId },
      { token: r.body.data.jwt },
    );
    expect(sw.status).toBe(200);
    expect((await t.get('/user/me.json', { token: sw.body.data.jwt })).body.data.user.publisher_id).toBe(m.publisherId);
  });

  it("answers 404 for another user's account, an unlinked or unknown account, a pending one, or another user id", async () => {
    const notFound = { error: { code: '0x4040', message: 'Not found.' } };
    for (const body of [
      { user_id: m.userId, publisher_id: other.publisherId },
      { user_id: m.userId, publisher_id: unlinked.id },
      { user_id: m.userId, publisher_id: 999_999 },
      { user_id: m.userId, publisher_id: pendingLinked.publisherId },
      { user_id: other.userId, publisher_id: other.publisherId },
      { user_id: 999_999, publisher_id: m.publisherId },
    ]) {
      const r = await t.post('/impersonate', body, { token: selectToken });
      expect(r.status, JSON.stringify(body)).toBe(404);
      expect(r.body).toEqual(notFound);
    }
    // The same from a plain publisher's access token.
    const otherToken = await login(t, other);
    const r = await t.post(
      '/impersonate',
      { user_id: other.userId, publisher_id: m.publisherId },
      { token: otherToken },
    );
    expect(r.status).toBe(404);
  });

  it('refuses malformed impersonate bodies with 422 and anonymous calls with 401', async () => {
    for (const body of [
      {},
      { user_id: m.userId },
      { user_id: true, publisher_id: true },
      { user_id: [m.userId], publisher_id: [second.publisherId] },
      { user_id: 'abc', publisher_id: '1' },
      { user_id: -1, publisher_id: 0 },
      { user_id: 1.5, publisher_id: 2 },
      { user_id: m.userId, publisher_id: 99_999_999_999 },
      { user_id: m.userId, publisher_id: second.publisherId, extra: 1 },
    ]) {
      const r = await t.post('/impersonate', body, { token: selectToken });
      expect(r.status, JSON.stringify(body)).toBe(422);
      expect(r.body.error.code).toBe('0x4220');
    }
    expect((await t.post('/impersonate', { user_id: m.userId, publisher_id: second.publisherId })).status).toBe(401);
  });

  it('A2: a user removed from an account while holding a token for it is refused on the next call', async () => {
    const r = await t.post(
      '/impersonate',
      { user_id: m.userId, publisher_id: second.publisherId },
      { token: selectToken },
    );
    const token = r.body.data.jwt as string;
    expect((await t.get('/user/me.json', { token })).status).toBe(200);
    await accountsService.unlink(t.app.ctx.db, m.userId, second.publisherId);
    const after = await t.get('/user/me.json', { token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: { code: '0x4100', message: 'Please log-in again.' } });
    expect((await t.post('/user', {}, { token })).status).toBe(401);
    // The account is gone from the choice, and impersonating it is now a 404.
    const list = await t.post('/multi-login', {}, { token: selectToken });
    expect(list.body.data.accounts.map((a: { account_id: number }) => a.account_id)).toEqual([m.publisherId]);
    expect(
      (await t.post('/impersonate', { user_id: m.userId, publisher_id: second.publisherId }, { token: selectToken }))
        .status,
    ).toBe(404);
    // With one active account left the next login is a plain one.
    const again = await t.post('/user/authenticate', { user_name: m.email, password: m.password });
    expect(again.body.data.multilogin_enabled).toBe(false);
  });

  it('A2: a suspended account stops its tokens at once', async () => {
    const p = await createPublisher(t);
    const token = await login(t, p);
    expect((await t.get('/user/me.json', { token })).status).toBe(200);
    await t.app.ctx.db.updateTable('publishers').set({ status: 'suspended' }).where('id', '=', p.publisherId).execute();
    expect((await t.get('/user/me.json', { token })).status).toBe(401);
  });
});
