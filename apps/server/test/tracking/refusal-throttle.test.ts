import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { findRefusals, MANY_ADDRESSES } from '../../src/modules/tracking/conversion-refusals.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { convert } from '../helpers/tracking-factories.ts';

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const badTokenRefusals = async (t: TestApp) =>
  (await findRefusals(t.app.ctx.db, { since: new Date(Date.now() - 3600_000), reason: 'bad_token', limit: 1000 }))
    .latest;

/**
 * The budget of refused conversion calls is the portal's, not a process's: kept in the database
 * beside the other quotas, so N processes do not allow N budgets, and with a ceiling over all
 * addresses, so many addresses at once cannot write a row each without end. Nothing refused is
 * lost from the operator's count.
 */
describe('refused conversion calls: one budget for every process, and a ceiling over all addresses', () => {
  let t: TestApp;
  let second: App;
  beforeAll(async () => {
    t = await createTestApp({
      TRACKING_REFUSAL_LIMIT: '20',
      TRACKING_REFUSAL_TOTAL_LIMIT: '50',
      TRUST_PROXY: '127.0.0.1',
    });
    // A second portal process over the same database.
    second = await buildApp({
      config: t.app.ctx.config,
      database: t.app.database,
      skipMigrations: true,
      logger: false,
    });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const viaSecond = (token: string, ip: string) =>
    second.inject({ method: 'GET', url: `/postback?tid=x&token=${token}`, headers: { 'x-forwarded-for': ip } });

  it('an address past its budget in one process is past it in the other', async () => {
    const ip = '203.0.113.10';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        i % 2
          ? (await convert(t, { tid: 'x', token: `wrong-${i}` }, from(ip))).status
          : (await viaSecond(`w${i}`, ip)).statusCode,
      );
    expect(statuses).toEqual(Array(20).fill(403));
    const onSecond = await viaSecond('one-more', ip);
    expect(onSecond.statusCode).toBe(429);
    expect(Number(onSecond.headers['retry-after'])).toBeGreaterThan(0);
    expect((await convert(t, { tid: 'x', token: 'and-more' }, from(ip))).status).toBe(429);
    const row = await t.app.ctx.db
      .selectFrom('throttle_buckets')
      .select('count')
      .where('key', '=', `refusal:ip:${ip}`)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBeGreaterThanOrEqual(21);
    // Another address is not affected.
    expect((await viaSecond('fresh', '203.0.113.11')).statusCode).toBe(403);
  });

  it('past the ceiling over all addresses, refusals keep their answer and are summed, none lost', async () => {
    const flushAll = () =>
      Promise.all([trackingEngine(t.app.ctx).refusals.flush(), trackingEngine(second.ctx).refusals.flush()]);
    await flushAll();
    const before = (await badTokenRefusals(t)).reduce((n, r) => n + r.count, 0);
    const written = await t.app.ctx.db
      .selectFrom('throttle_buckets')
      .select('count')
      .where('key', '=', 'refusal:all')
      .executeTakeFirst();
    const room = 50 - Number(written?.count ?? 0);
    // Six addresses, 15 refusals each: each within its own budget of 20.
    const statuses: number[] = [];
    for (let a = 0; a < 6; a++)
      for (let i = 0; i < 15; i++)
        statuses.push((await convert(t, { tid: 'x', token: `bad-${a}-${i}` }, from(`198.51.100.${a + 1}`))).status);
    expect(statuses).toEqual(Array(90).fill(403));
    const oneByOne = (await badTokenRefusals(t)).reduce((n, r) => n + r.count, 0) - before;
    expect(oneByOne).toBe(room);
    await flushAll();
    const rows = await badTokenRefusals(t);
    expect(rows.reduce((n, r) => n + r.count, 0) - before).toBe(90);
    // The summed rows name their addresses.
    expect(rows.filter((r) => r.count > 1).map((r) => r.ip)).not.toContain(MANY_ADDRESSES);
  });
});
