import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addAccount, createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';

describe('profile calls', () => {
  let t: TestApp;
  let p: PublisherFixture;
  let token: string;
  let managerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    p = await createPublisher(t, { timezone: 'America/Toronto' });
    const m = await t.app.ctx.db
      .insertInto('account_managers')
      .values({ name: 'Alex Morgan', email: 'alex.morgan@portal.test', phone: '+1 416 555 0142' })
      .returning('id')
      .executeTakeFirstOrThrow();
    managerId = m.id;
    await t.app.ctx.db
      .updateTable('publishers')
      .set({ account_manager_id: managerId, referral_code: 'prof1234' })
      .where('id', '=', p.publisherId)
      .execute();
    token = await login(t, p);
  });
  afterAll(() => t.close());

  it('every profile call needs an access token', async () => {
    const calls: [string, string, unknown][] = [
      ['GET', '/user/me.json', undefined],
      ['POST', '/manager', {}],
      ['POST', '/user', {}],
      ['POST', '/user/update', { user_timezone: 'UTC' }],
      ['POST', '/user/update-password', { current_password: 'x', new_password: 'y', new_password_verify: 'y' }],
      ['POST', '/user/update-notification', { notification_subscriptions: [] }],
      ['POST', '/timezone', {}],
    ];
    for (const [method, path, body] of calls) {
      for (const tok of [undefined, 'garbage', `${token}x`]) {
        const r = method === 'GET' ? await t.get(path, { token: tok }) : await t.post(path, body, { token: tok });
        expect(r.status, `${path} ${tok?.slice(0, 5)}`).toBe(401);
        expect(r.body).toEqual({ error: { code: '0x4100', message: 'Please log-in again.' } });
      }
    }
  });

  it('GET /user/me.json answers data.user with the account manager fields', async () => {
    const r = await t.get('/user/me.json', { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: {
        user: {
          id: p.userId,
          firstname: 'Test',
          lastname: expect.any(String),
          email: p.email,
          timezone: 'America/Toronto',
          isLoggedIn: true,
          publisher_id: p.publisherId,
          publisher_name: expect.any(String),
          referral_code: 'prof1234',
          multi_account: false,
          two_factor_enabled: false,
          account_manager_id: managerId,
          account_manager_name: 'Alex Morgan',
          account_manager_email: 'alex.morgan@portal.test',
          account_manager_phone: '+1 416 555 0142',
        },
      },
    });
    // Other user fields (password hash, 2FA secret) never leave the server.
    expect(JSON.stringify(r.body)).not.toMatch(/argon2|password|totp/);
  });

  it('me.json says multi_account for a user with several active accounts', async () => {
    const m = await createPublisher(t);
    await addAccount(t, m.userId);
    const sel = await t.post('/user/authenticate', { user_name: m.email, password: m.password });
    const imp = await t.post(
      '/impersonate',
      { user_id: m.userId, publisher_id: m.publisherId },
      { token: sel.body.data.jwt },
    );
    const r = await t.get('/user/me.json', { token: imp.body.data.jwt });
    expect(r.body.data.user.multi_account).toBe(true);
    expect(r.body.data.user.account_manager_id).toBeNull();
  });

  it('POST /manager answers the account manager, or null when there is none', async () => {
    const r = await t.post('/manager', {}, { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: { id: managerId, name: 'Alex Morgan', email: 'alex.morgan@portal.test', phone: '+1 416 555 0142' },
    });
    const lone = await createPublisher(t);
    const none = await t.post('/manager', {}, { token: await login(t, lone) });
    expect(none.body).toEqual({ data: null });
    expect((await t.post('/manager', { id: 1 }, { token })).status).toBe(422);
  });

  it('POST /user answers user_timezone, user_id and notification_subscriptions', async () => {
    const r = await t.post('/user', {}, { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: {
        user_id: p.userId,
        user_timezone: 'America/Toronto',
        notification_subscriptions: ['campaign_90_cap', 'campaign_reach_cap', 'offer_expire'],
      },
    });
    expect((await t.post('/user', { user_id: 1 }, { token })).status).toBe(422);
  });

  describe('POST /user/update (time zone)', () => {
    it('saves an IANA zone, current or renamed name, and answers the profile', async () => {
      for (const zone of [
        'Asia/Kolkata',
        'Europe/Kyiv',
        'Asia/Calcutta',
        'America/Argentina/Buenos_Aires',
        'UTC',
        'Australia/Adelaide',
      ]) {
        const r = await t.post('/user/update', { user_timezone: zone, user_id: p.userId }, { token });
        expect(r.status, zone).toBe(200);
        expect(r.body.data).toMatchObject({ user_id: p.userId, user_timezone: zone });
        const row = await t.app.ctx.db
          .selectFrom('users')
          .select('timezone')
          .where('id', '=', p.userId)
          .executeTakeFirstOrThrow();
        expect(row.timezone).toBe(zone);
      }
      // user_id is optional.
      const r = await t.post('/user/update', { user_timezone: 'Europe/London' }, { token });
      expect(r.body.data.user_timezone).toBe('Europe/London');
    });

    it('refuses anything that is not an IANA zone with 422 on user_timezone and keeps the old one', async () => {
      for (const zone of [
        'Mars/Phobos',
        '+05:30',
        'EST5EDT',
        'europe/london',
        'Europe/London ',
        "UTC'; DROP TABLE users; --",
      ]) {
        const r = await t.post('/user/update', { user_timezone: zone }, { token });
        expect(r.status, zone).toBe(422);
        expect(r.body.errors).toEqual({ user_timezone: { code: '0x4010', message: 'Unknown time zone.' } });
      }
      for (const body of [
        {},
        { user_timezone: '' },
        { user_timezone: 5 },
        { user_timezone: 'x'.repeat(65) },
        { user_timezone: 'UTC', extra: 1 },
        { user_timezone: 'UTC', user_id: true },
      ]) {
        const r = await t.post('/user/update', body, { token });
        expect(r.status, JSON.stringify(body)).toBe(422);
      }
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(row.timezone).toBe('Europe/London');
    });

    it("answers 404 for another user's id and changes nothing of theirs", async () => {
      const other = await createPublisher(t, { timezone: 'Asia/Tokyo' });
      const r = await t.post('/user/update', { user_timezone: 'UTC', user_id: other.userId }, { token });
      expect(r.status).toBe(404);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('timezone')
        .where('id', '=', other.userId)
        .executeTakeFirstOrThrow();
      expect(row.timezone).toBe('Asia/Tokyo');
    });
  });

  it('POST /timezone lists IANA zones with readable names', async () => {
    const r = await t.post('/timezone', {}, { token });
    expect(r.status).toBe(200);
    const list = r.body.data as { id: string; name: string }[];
    expect(list.length).toBeGreaterThan(300);
    const kolkata = list.find((z) => z.id === 'Asia/Kolkata');
    expect(kolkata?.name).toBe('(UTC+05:30) Asia/Kolkata – India Standard Time');
    expect(list.some((z) => z.id === 'UTC')).toBe(true);
    // Every listed id can be saved.
    for (const z of list.filter((_, i) => i % 40 === 0)) {
      expect((await t.post('/user/update', { user_timezone: z.id }, { token })).status, z.id).toBe(200);
    }
  });

  describe('POST /user/update-notification', () => {
    it('saves the subscription keys of docs/limits.md, deduplicated, in a stable order', async () => {
      const r = await t.post(
        '/user/update-notification',
        { notification_subscriptions: ['offer_expire', 'campaign_90_cap', 'offer_expire'] },
        { token },
      );
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { notification_subscriptions: ['campaign_90_cap', 'offer_expire'] } });
      expect((await t.post('/user', {}, { token })).body.data.notification_subscriptions).toEqual([
        'campaign_90_cap',
        'offer_expire',
      ]);
      const none = await t.post('/user/update-notification', { notification_subscriptions: [] }, { token });
      expect(none.body).toEqual({ data: { notification_subscriptions: [] } });
    });

    it('refuses unknown keys and malformed bodies, leaving the saved keys as they were', async () => {
      await t.post('/user/update-notification', { notification_subscriptions: ['campaign_reach_cap'] }, { token });
      for (const body of [
        { notification_subscriptions: ['campaign_reach_cap', 'weekly_digest'] },
        { notification_subscriptions: 'offer_expire' },
        { notification_subscriptions: null },
        {},
        { notification_subscriptions: [], extra: true },
        { notification_subscriptions: Array(50).fill('offer_expire') },
      ]) {
        const r = await t.post('/user/update-notification', body, { token });
        expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      }
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('notification_subscriptions')
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(row.notification_subscriptions).toEqual(['campaign_reach_cap']);
    });
  });

  describe('POST /user/update-password', () => {
    let q: PublisherFixture;
    let qToken: string;
    beforeAll(async () => {
      q = await createPublisher(t);
      qToken = await login(t, q);
    });

    it('answers the field codes of docs/errors.md and changes nothing', async () => {
      const hashBefore = await t.app.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', q.userId)
        .executeTakeFirstOrThrow();
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{}, { current_password: '0x4001', new_password: '0x4001', new_password_verify: '0x4001' }],
        [
          { current_password: '', new_password: '', new_password_verify: '' },
          { current_password: '0x4001', new_password: '0x4001', new_password_verify: '0x4001' },
        ],
        [
          { current_password: q.password, new_password: 'short', new_password_verify: 'short' },
          { new_password: '0x4011', new_password_verify: '0x4011' },
        ],
        [
          { current_password: q.password, new_password: 'long-enough-1', new_password_verify: 'short' },
          { new_password_verify: '0x4011' },
        ],
        [
          { current_password: q.password, new_password: 'long-enough-1', new_password_verify: 'long-enough-2' },
          { new_password_verify: '0x4014' },
        ],
        [
          { current_password: q.password, new_password: 'y'.repeat(257), new_password_verify: 'y'.repeat(257) },
          { new_password: '0x4010' },
        ],
        [
          { current_password: 'wrong-password', new_password: 'long-enough-1', new_password_verify: 'long-enough-1' },
          { current_password: '0x4011' },
        ],
      ];
      for (const [body, codes] of cases) {
        const r = await t.post('/user/update-password', body, { token: qToken });
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(
          Object.fromEntries(
            Object.entries(r.body.errors as Record<string, { code: string }>).map(([k, v]) => [k, v.code]),
          ),
        ).toEqual(codes);
      }
      const wrong = await t.post(
        '/user/update-password',
        { current_password: 'wrong-password', new_password: 'long-enough-1', new_password_verify: 'long-enough-1' },
        { token: qToken },
      );
      expect(wrong.body.errors.current_password).toEqual({ code: '0x4011', message: 'Invalid credentials.' });
      const mismatch = await t.post(
        '/user/update-password',
        { current_password: q.password, new_password: 'long-enough-1', new_password_verify: 'long-enough-2' },
        { token: qToken },
      );
      expect(mismatch.body.errors.new_password_verify).toEqual({ code: '0x4014', message: 'Passwords do not match.' });
      const short = await t.post(
        '/user/update-password',
        { current_password: q.password, new_password: 'short', new_password_verify: 'short' },
        { token: qToken },
      );
      expect(short.body.errors.new_password).toEqual({
        code: '0x4011',
        message: 'Please make sure your value is at least 8 characters long.',
      });
      for (const body of [
        { current_password: 1, new_password: 'a', new_password_verify: 'a' },
        { current_password: 'a', new_password: 'b', new_password_verify: 'b', user_id: 1 },
      ]) {
        expect((await t.post('/user/update-password', body, { token: qToken })).status).toBe(422);
      }
      const hashAfter = await t.app.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', q.userId)
        .executeTakeFirstOrThrow();
      expect(hashAfter).toEqual(hashBefore);
      expect((await t.get('/user/me.json', { token: qToken })).status).toBe(200);
    });

    it('A3: success answers a fresh token and revokes every earlier one, other clients included', async () => {
      const otherClient = await login(t, q);
      const r = await t.post(
        '/user/update-password',
        { current_password: q.password, new_password: 'a-new-password', new_password_verify: 'a-new-password' },
        { token: qToken },
      );
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ data: { jwt: expect.any(String), api_keys_kept: 0 } });
      expect((await t.get('/user/me.json', { token: r.body.data.jwt })).status).toBe(200);
      for (const old of [qToken, otherClient]) {
        const res = await t.get('/user/me.json', { token: old });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('0x4100');
      }
      expect((await t.post('/user/authenticate', { user_name: q.email, password: q.password })).status).toBe(401);
      expect((await t.post('/user/authenticate', { user_name: q.email, password: 'a-new-password' })).status).toBe(200);
    });

    it('wrong current passwords are throttled per user', async () => {
      const v = await createPublisher(t);
      const vt = await login(t, v);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await t.post(
          '/user/update-password',
          {
            current_password: `wrong-${i}-password`,
            new_password: 'long-enough-1',
            new_password_verify: 'long-enough-1',
          },
          { token: vt },
        );
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses.slice(10)).toEqual([429, 429]);
    });
  });
});
