import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, type PublisherFixture } from '../helpers/factories.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';

const TOO_MANY = { error: { code: '0x4290', message: 'Too many attempts. Please try again later.' } };
const ghost = () => `ghost-${crypto.randomBytes(5).toString('hex')}@example.test`;
const randomIp = () => `198.51.${crypto.randomInt(0, 255)}.${crypto.randomInt(1, 254)}`;

/** Runs `n` calls, `width` at a time, and returns their statuses in order. */
async function inBatches(
  n: number,
  width: number,
  call: (i: number) => Promise<{ status: number }>,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i += width) {
    const batch = await Promise.all(Array.from({ length: Math.min(width, n - i) }, (_, j) => call(i + j)));
    out.push(...batch.map((r) => r.status));
  }
  return out;
}

const count = (statuses: number[], s: number) => statuses.filter((x) => x === s).length;

/** The per-address login buckets, as the database holds them. */
const addressBuckets = (t: TestApp) =>
  t.app.ctx.db
    .selectFrom('throttle_buckets')
    .select(['key', 'count'])
    .where('key', 'like', 'login:ip:%')
    .orderBy('key')
    .execute();

describe('A8: 101 bad logins rotating X-Forwarded-For are still throttled', () => {
  // The only proxy trusted is one at 10.9.9.9; the test client at 127.0.0.1 is not it, so its
  // X-Forwarded-For is a forgery to ignore (as it is with no proxy configured at all).
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.9.9.9' });
  });
  afterAll(() => t.close());

  it('the header is ignored: the 101st attempt from one address answers 429', async () => {
    const statuses = await inBatches(101, 20, () =>
      t.post(
        '/user/authenticate',
        { user_name: ghost(), password: 'wrong-password' },
        { headers: { 'x-forwarded-for': randomIp() } },
      ),
    );
    expect(count(statuses, 401)).toBe(100);
    expect(count(statuses, 429)).toBe(1);
    expect(await addressBuckets(t)).toEqual([{ key: 'login:ip:127.0.0.1', count: 101 }]);
    const next = await t.post(
      '/user/authenticate',
      { user_name: ghost(), password: 'x-password' },
      { headers: { 'x-forwarded-for': randomIp(), 'x-real-ip': randomIp(), forwarded: `for=${randomIp()}` } },
    );
    expect(next.status).toBe(429);
    expect(next.body).toEqual(TOO_MANY);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(next.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });
});

describe('throttling per account and per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy, so each test can act from its own client address.
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

  it('A8 behind the configured proxy: only the address it appended counts; forged entries before it mint nothing', async () => {
    await inBatches(5, 5, () =>
      t.post(
        '/user/authenticate',
        { user_name: ghost(), password: 'wrong-password' },
        { headers: { 'x-forwarded-for': `${randomIp()}, 203.0.113.7` } },
      ),
    );
    const mine = (await addressBuckets(t)).filter((b) => b.key.startsWith('login:ip:203.0.113.'));
    expect(mine).toEqual([{ key: 'login:ip:203.0.113.7', count: 5 }]);
    // Another real client behind the same proxy has its own budget.
    const other = await t.post(
      '/user/authenticate',
      { user_name: ghost(), password: 'wrong-password' },
      { headers: { 'x-forwarded-for': '203.0.113.8' } },
    );
    expect(other.status).toBe(401);
    expect((await addressBuckets(t)).filter((b) => b.key.startsWith('login:ip:203.0.113.'))).toEqual([
      { key: 'login:ip:203.0.113.7', count: 5 },
      { key: 'login:ip:203.0.113.8', count: 1 },
    ]);
  });

  describe('login', () => {
    let p: PublisherFixture;
    beforeAll(async () => {
      p = await createPublisher(t);
    });
    const attempt = (email: string, password: string, ip: string) =>
      t.post('/user/authenticate', { user_name: email, password }, from(ip));

    it('failures from other addresses never refuse the right password from an address without failures; other accounts unaffected', async () => {
      const statuses = await inBatches(12, 12, () => attempt(p.email, 'wrong-password', randomIp()));
      expect(statuses).toEqual(Array(12).fill(401));
      // Another fresh address still gets its try, wrong or right (any case of the e-mail).
      expect((await attempt(p.email.toUpperCase(), 'wrong-password', randomIp())).status).toBe(401);
      expect((await attempt(p.email, p.password, randomIp())).status).toBe(200);
      const q = await createPublisher(t);
      expect((await attempt(q.email, q.password, randomIp())).status).toBe(200);
    });

    it('an unknown e-mail is throttled exactly like a known one (no enumeration through 429)', async () => {
      const q = await createPublisher(t);
      for (const email of [q.email, ghost()]) {
        const ip = randomIp();
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) statuses.push((await attempt(email, 'wrong-password', ip)).status);
        expect(statuses, email).toEqual([401, 401, 401, 401, 401, 429, 429]);
      }
    });

    it('a good login clears that address’s failures for the account; a pair’s memory ends by itself', async () => {
      const r = await createPublisher(t);
      const ip = randomIp();
      for (let i = 0; i < 4; i++) expect((await attempt(r.email, 'wrong-password', ip)).status).toBe(401);
      expect((await attempt(r.email, r.password, ip)).status).toBe(200);
      const statuses = await inBatches(6, 6, () => attempt(r.email, 'wrong-password', ip));
      expect(count(statuses, 401)).toBe(5);
      expect(count(statuses, 429)).toBe(1);
      expect((await attempt(r.email, r.password, ip)).status).toBe(429);
      // An hour later (a pair remembers its last try for an hour) the address starts afresh.
      await t.app.ctx.db
        .updateTable('throttle_buckets')
        .set({ window_start: sql<Date>`now() - interval '61 minutes'` })
        .where('key', '=', `login:pair:${r.email.toLowerCase()} ${ip}`)
        .execute();
      expect((await attempt(r.email, r.password, ip)).status).toBe(200);
    });
  });

  describe('password reset', () => {
    it('five e-mails per account an hour; past them the same answer, known or unknown alike, and nothing sent', async () => {
      const p = await createPublisher(t);
      for (const email of [p.email, ghost()]) {
        const answers = await Promise.all(
          Array.from({ length: 7 }, () =>
            t.post('/send-reset-password-token', { user_email: email }, from(randomIp())),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
        expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      }
      // Those past the budget send nothing: anyone could spend it, and a refusal would keep the
      // owner from asking (the links already sent still work).
      const sent = () => t.outbox().filter((m) => m.to === p.email).length;
      await expect.poll(sent).toBe(5);
      await new Promise((r) => setTimeout(r, 500));
      expect(sent()).toBe(5);
    });

    it('thirty requests per address an hour, whatever the e-mails', async () => {
      const ip = randomIp();
      const odd: unknown[] = [];
      const statuses = await inBatches(31, 31, async () => {
        const r = await t.post('/send-reset-password-token', { user_email: ghost() }, from(ip));
        if (r.status !== 200 && r.status !== 429) odd.push({ status: r.status, body: r.body });
        return r;
      });
      expect(count(statuses, 200), JSON.stringify(odd)).toBe(30);
      expect(count(statuses, 429)).toBe(1);
      // The reset call itself shares that budget.
      const r = await t.post(
        '/reset-password',
        { token: 'guess', new_password: 'password-1', new_password_verify: 'password-1' },
        from(ip),
      );
      expect(r.status).toBe(429);
    });
  });

  describe('sign-up', () => {
    it('final sign-ups: ten per address an hour', async () => {
      const ip = randomIp();
      // Incomplete payloads are enough: the attempt is counted before the fields are checked.
      const statuses = await inBatches(11, 11, () =>
        t.post('/publisher/sign-up', { user_email: ghost(), speculative: false }, from(ip)),
      );
      expect(count(statuses, 422)).toBe(10);
      expect(count(statuses, 429)).toBe(1);
      const r = await t.post('/publisher/sign-up', { speculative: false }, from(ip));
      expect(r.body).toEqual(TOO_MANY);
    });

    it('step checks that say whether an e-mail is taken: 20 per address an hour', async () => {
      const ip = randomIp();
      const statuses = await inBatches(21, 21, () =>
        t.post('/publisher/sign-up', { user_email: ghost(), speculative: true }, from(ip)),
      );
      expect(count(statuses, 200)).toBe(20);
      expect(count(statuses, 429)).toBe(1);
    });
  });
});

describe('throttle windows are forgotten once long closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the hourly maintenance drops windows older than a day and keeps the others', async () => {
    const db = t.app.ctx.db;
    const now = Date.now();
    await db
      .insertInto('throttle_buckets')
      .values([
        { key: 'login:ip:old', window_start: new Date(now - 26 * 3600_000), count: 3 },
        { key: 'login:ip:recent', window_start: new Date(now - 10 * 60_000), count: 2 },
      ])
      .execute();
    await trackingEngine(t.app.ctx).maintenance.runOnce(new Date(now));
    const keys = (
      await db
        .selectFrom('throttle_buckets')
        .select('key')
        .where('key', 'in', ['login:ip:old', 'login:ip:recent'])
        .execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['login:ip:recent']);
  });
});
