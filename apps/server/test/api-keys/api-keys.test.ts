import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, API_KEYS_PER_PUBLISHER } from '@portal/shared';
import { sha256 } from '../../src/lib/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createApiKey } from '../helpers/api-key-factories.ts';

/** Profile → API Keys: create (shown once, stored as a hash), list, revoke; scoped to the account. */
describe('API key management', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let publisherId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createPublisher(t);
    const b = await createPublisher(t);
    publisherId = a.publisherId;
    token = await login(t, a);
    otherToken = await login(t, b);
  });
  afterAll(() => t.close());

  it('creates a key shown once, keeps only its hash, and lists it by name and prefix', async () => {
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await createApiKey(t, token, { name: '  Hourly report pull ', expires_at: expires });
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith(`${created.prefix}_`)).toBe(true);
    expect(created).toMatchObject({ name: 'Hourly report pull', status: 'active', last_used_at: null });
    expect(created.expires_at).toBe(expires);

    const row = await t.app.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(13));
    expect(row.publisher_id).toBe(publisherId);

    const list = await t.post('/api-key-list', {}, { token });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((k: { id: number }) => k.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Hourly report pull',
      prefix: created.prefix,
      status: 'active',
      scope: 'read',
      created_at: created.created_at,
      expires_at: expires,
      last_used_at: null,
    });
    // The key itself is never answered again.
    expect(JSON.stringify(list.body)).not.toContain(created.key);
  });

  it('lists newest first, marks expired keys, and leaves revoked ones out', async () => {
    const old = await createApiKey(t, token, { name: 'soon expired' });
    await t.app.ctx.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old.id)
      .execute();
    const gone = await createApiKey(t, token, { name: 'to revoke' });
    const fresh = await createApiKey(t, token, { name: 'newest' });
    expect((await t.post('/api-key/revoke', { id: gone.id }, { token })).body.data).toEqual({
      id: gone.id,
      prefix: gone.prefix,
    });
    const list = (await t.post('/api-key-list', {}, { token })).body.data as { id: number; status: string }[];
    expect(list[0]!.id).toBe(fresh.id);
    expect(list.map((k) => k.id)).not.toContain(gone.id);
    expect(list.find((k) => k.id === old.id)!.status).toBe('expired');
  });

  it('refuses a bad name or a past expiry with field errors', async () => {
    const empty = await t.post('/api-key/create', { name: '   ' }, { token });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toBeDefined();
    const long = await t.post('/api-key/create', { name: 'x'.repeat(65) }, { token });
    expect(long.status).toBe(422);
    const past = await t.post(
      '/api-key/create',
      { name: 'late', expires_at: new Date(Date.now() - 60_000).toISOString() },
      { token },
    );
    expect(past.status).toBe(422);
    expect(past.body.errors.expires_at.code).toBe('0x4011');
    const garbage = await t.post('/api-key/create', { name: 'x', expires_at: 'tomorrow' }, { token });
    expect(garbage.status).toBe(422);
    const extra = await t.post('/api-key/create', { name: 'x', scope: 'all' }, { token });
    expect(extra.status).toBe(422);
  });

  it("another account's key answers 404 on revoke and is not listed", async () => {
    const mine = await createApiKey(t, token, { name: 'mine' });
    const r = await t.post('/api-key/revoke', { id: mine.id }, { token: otherToken });
    expect(r.status).toBe(404);
    const theirs = (await t.post('/api-key-list', {}, { token: otherToken })).body.data as { id: number }[];
    expect(theirs.map((k) => k.id)).not.toContain(mine.id);
    // Still usable: the refused revoke changed nothing.
    expect((await t.post('/offer-list', {}, { token: mine.key })).status).toBe(200);
    expect((await t.post('/api-key/revoke', { id: 2_000_000 }, { token })).status).toBe(404);
  });

  it(`holds at most ${API_KEYS_PER_PUBLISHER} usable keys per account`, async () => {
    const p = await createPublisher(t);
    const jwt = await login(t, p);
    const made = [];
    for (let i = 0; i < API_KEYS_PER_PUBLISHER; i++) made.push(await createApiKey(t, jwt, { name: `k${i}` }));
    const over = await t.post('/api-key/create', { name: 'one too many', password: p.password }, { token: jwt });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toContain('Revoke one first');
    await t.post('/api-key/revoke', { id: made[0]!.id }, { token: jwt });
    expect((await t.post('/api-key/create', { name: 'room again', password: p.password }, { token: jwt })).status).toBe(
      200,
    );
  });

  it('needs a session: no token 401, and a key cannot list, make or revoke keys', async () => {
    const key = await createApiKey(t, token, { name: 'no management' });
    for (const [path, body] of [
      ['/api-key-list', {}],
      ['/api-key/create', { name: 'by a key' }],
      ['/api-key/revoke', { id: key.id }],
    ] as const) {
      expect((await t.post(path, body)).status, path).toBe(401);
      expect((await t.post(path, body, { token: key.key })).status, `${path} bearer key`).toBe(401);
      expect((await t.post(path, body, { headers: { 'x-api-key': key.key } })).status, `${path} header`).toBe(401);
    }
    const still = (await t.post('/api-key-list', {}, { token })).body.data as { id: number }[];
    expect(still.map((k) => k.id)).toContain(key.id);
  });
});
