import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashingStats, hashPassword } from '../../src/lib/password.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublishersInBulk, signupPayload } from '../helpers/factories.ts';

const LIMIT = 12;

describe('load', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy so every call can come from its own client address.
    t = await createTestApp({ SIGNUP_DAILY_LIMIT: String(LIMIT), TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('L5: twice the daily sign-up limit, all at once: exactly the limit accepted, the rest 429, no 500', async () => {
    const usersBefore = await t.app.ctx.db.selectFrom('users').select('id').execute();
    const answers = await Promise.all(
      Array.from({ length: 2 * LIMIT }, (_, i) =>
        t.post('/publisher/sign-up', signupPayload({ user_email: `l5-${i}@example.test` }), {
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({ error: { code: '0x4290', message: 'Daily signup limit has been reached' } });
    }
    const users = await t.app.ctx.db.selectFrom('users').select('email').execute();
    expect(users.length - usersBefore.length).toBe(LIMIT);
    const pending = await t.app.ctx.db.selectFrom('publishers').select('id').where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(LIMIT);
    const counter = await t.app.ctx.db.selectFrom('signup_counters').selectAll().execute();
    expect(counter).toHaveLength(1);
    expect(counter[0]!.count).toBe(LIMIT);
  });

  it('L6: 300 concurrent logins: hashing is queued (2 at a time), memory stays bounded, nothing crashes', async () => {
    // 30 accounts × 10 logins, each from its own address: within every throttle budget, so all
    // 300 reach argon2. A third use a wrong password.
    const accounts = await createPublishersInBulk(t, 30, {
      passwordHash: await hashPassword('load-password'),
      prefix: 'l6',
    });
    hashingStats(true);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 20);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        t.post(
          '/user/authenticate',
          { user_name: accounts[i % 30]!.email, password: i % 3 === 0 ? 'wrong-password' : 'load-password' },
          { headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` } },
        ),
      ),
    );
    clearInterval(sampler);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    const stats = hashingStats();
    expect(stats.peakActive).toBeLessThanOrEqual(2);
    expect(stats.peakQueued).toBeGreaterThan(10);
    // 300 argon2 hashes at 19 MiB each would need about 5.6 GiB at once; queued, a few dozen MiB.
    const grownMiB = (rssPeak - rssBefore) / 1024 / 1024;
    console.info(
      `L6: peak hashing ${stats.peakActive} running / ${stats.peakQueued} queued, RSS grew ${grownMiB.toFixed(0)} MiB`,
    );
    expect(grownMiB).toBeLessThan(400);
    // Still serving.
    const me = await t.get('/user/me.json', { token: answers.find((a) => a.status === 200)!.body.data.jwt });
    expect(me.status).toBe(200);
  });
});
