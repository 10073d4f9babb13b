import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_ACCOUNT_RATE_LIMIT } from '@portal/shared';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createApiKey, withKeyHeader } from '../helpers/api-key-factories.ts';

const PER_KEY = 5;

/**
 * The keys' own rate limit: API_KEY_RATE_LIMIT per key and API_KEY_ACCOUNT_RATE_LIMIT per account
 * a minute, counted in the database (throttle_buckets) like the login throttle, so every process
 * shares it. The minute passing is simulated by moving the window's start back in the database.
 */
describe('API key rate limit', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT: String(PER_KEY) });
    token = await login(t, await createPublisher(t));
  });
  afterAll(() => t.close());

  const endWindows = (like: string) =>
    sql`UPDATE throttle_buckets SET window_start = now() - interval '61 seconds' WHERE key LIKE ${like}`.execute(
      t.app.ctx.db,
    );

  it('answers 429 with Retry-After past the per-key limit, and recovers when the minute is over', async () => {
    const made = await createApiKey(t, token);
    for (let i = 0; i < PER_KEY; i++) {
      const r = await t.post('/offer-list', {}, i % 2 ? { token: made.key } : withKeyHeader(made.key));
      expect(r.status, `request ${i + 1}`).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(PER_KEY));
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(PER_KEY - i - 1));
    }
    const refused = await t.post('/offer-list', {}, { token: made.key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('0x4290');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(JSON.stringify(refused.body)).not.toContain(made.key);

    // Another key of the same account has its own budget; a session is not limited by the key's.
    const other = await createApiKey(t, token, { name: 'second' });
    expect((await t.post('/offer-list', {}, { token: other.key })).status).toBe(200);
    expect((await t.post('/offer-list', {}, { token })).status).toBe(200);

    await endWindows(`apikey:key:${made.id}`);
    const again = await t.post('/offer-list', {}, { token: made.key });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe(String(PER_KEY - 1));
  });

  it('counts in the database: a second app instance on the same database shares the budget', async () => {
    const made = await createApiKey(t, token, { name: 'shared budget' });
    // A second portal instance (as a second process would be) over the same database.
    const second = await buildApp({
      config: t.app.ctx.config,
      database: t.app.database,
      skipMigrations: true,
      logger: false,
    });
    try {
      const viaSecond = () =>
        second.inject({
          method: 'POST',
          url: '/api/v1/report/daily',
          headers: { 'x-api-key': made.key, 'content-type': 'application/json' },
          payload: JSON.stringify(dailyBody()),
        });
      for (let i = 0; i < PER_KEY; i++) {
        const r = i % 2 ? await viaSecond() : await t.post('/report/daily', dailyBody(), { token: made.key });
        expect('statusCode' in r ? r.statusCode : r.status, `request ${i + 1}`).toBe(200);
      }
      const row = await t.app.ctx.db
        .selectFrom('throttle_buckets')
        .select('count')
        .where('key', '=', `apikey:key:${made.id}`)
        .executeTakeFirstOrThrow();
      expect(row.count).toBe(PER_KEY);
      expect((await viaSecond()).statusCode).toBe(429);
      expect((await t.post('/report/daily', dailyBody(), withKeyHeader(made.key))).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it(`stops all of an account's keys together past ${API_KEY_ACCOUNT_RATE_LIMIT} a minute`, async () => {
    const p = await createPublisher(t);
    const jwt = await login(t, p);
    const made = await createApiKey(t, jwt, { name: 'account budget' });
    // The account has spent its minute (as many keys would): the next request is refused.
    await sql`INSERT INTO throttle_buckets (key, window_start, count) VALUES (${`apikey:pub:${p.publisherId}`}, now(), ${API_KEY_ACCOUNT_RATE_LIMIT})`.execute(
      t.app.ctx.db,
    );
    const r = await t.post('/offer-list', {}, { token: made.key });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await endWindows(`apikey:pub:${p.publisherId}`);
    expect((await t.post('/offer-list', {}, { token: made.key })).status).toBe(200);
  });
});

function dailyBody() {
  const today = new Date().toISOString().slice(0, 10);
  return { filters: { date_range: { start: today, end: today } } };
}
