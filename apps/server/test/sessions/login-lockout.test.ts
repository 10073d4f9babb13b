import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, enableTwoFactor, type PublisherFixture } from '../helpers/factories.ts';
import { DEMO_TOTP_SECRET, totpCode, wrongCode } from '../helpers/totp.ts';

const TOO_MANY = { error: { code: '0x4290', message: 'Too many attempts. Please try again later.' } };
const VERIFY = '/user/two-factor-authentication/verify-code';
let n = 0;
/** A client address of its own for each call site (the test server trusts X-Forwarded-For from 127.0.0.1). */
const newIp = () => {
  n += 1;
  return `203.0.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};
const ghost = () => `ghost-${crypto.randomBytes(5).toString('hex')}@example.test`;

describe('login throttling that cannot be aimed at someone else', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
  const login = (email: string, password: string, ip: string) =>
    t.post('/user/authenticate', { user_name: email, password }, from(ip));
  const retryAfter = (r: { headers: Headers }) => Number(r.headers.get('retry-after'));
  /** Pretends the pair's last try was `seconds` earlier (instead of waiting). */
  const rewindPair = (email: string, ip: string, seconds: number) =>
    t.app.ctx.db
      .updateTable('throttle_buckets')
      .set({ window_start: sql<Date>`window_start - make_interval(secs => ${seconds})` })
      .where('key', '=', `login:pair:${email.toLowerCase()} ${ip}`)
      .execute();

  it('20 wrong passwords from one address: that address slows to 429, the owner logs in from theirs at once', async () => {
    const victim = await createPublisher(t);
    const attacker = newIp();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await login(victim.email, 'wrong-password', attacker));
    expect(answers.map((a) => a.status)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect(answers[5]!.body).toEqual(TOO_MANY);
    expect(retryAfter(answers[5]!)).toBeGreaterThan(0);
    expect(retryAfter(answers[5]!)).toBeLessThanOrEqual(30);
    // Even the right password waits at the attacker's address…
    expect((await login(victim.email, victim.password, attacker)).status).toBe(429);
    // …while the owner, from an address that has not failed, is in at once.
    const owner = await login(victim.email, victim.password, newIp());
    expect(owner.status).toBe(200);
    expect(owner.body.data.jwt).toEqual(expect.any(String));
  });

  it('IPv6 addresses count by their /64: rotating the rest of the address buys no new guesses', async () => {
    const victim = await createPublisher(t);
    const prefix = `2001:db8:${(n += 1).toString(16)}:1`;
    const answers = [];
    for (let i = 1; i <= 8; i++)
      answers.push(await login(victim.email, 'wrong-password', `${prefix}::${i.toString(16)}`));
    expect(answers.map((a) => a.status)).toEqual([...Array(5).fill(401), ...Array(3).fill(429)]);
    // Another /64 is another client; and the owner still gets in from theirs.
    expect((await login(victim.email, 'wrong-password', `2001:db8:${n.toString(16)}:2::1`)).status).toBe(401);
    expect((await login(victim.email, victim.password, newIp())).status).toBe(200);
  });

  it('each further failure of an address waits twice as long, at most 15 minutes', async () => {
    const p = await createPublisher(t);
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await login(p.email, 'wrong-password', ip)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const refused = await login(p.email, 'wrong-password', ip);
      expect(refused.status).toBe(429);
      waits.push(retryAfter(refused));
      await rewindPair(p.email, ip, retryAfter(refused) + 1);
      expect((await login(p.email, 'wrong-password', ip)).status).toBe(401);
    }
    // 30 s, 60 s, 120 s, … each within a second or two of the doubling, capped at 900 s.
    const expected = [30, 60, 120, 240, 480, 900, 900, 900];
    waits.forEach((w, i) => {
      expect(w).toBeLessThanOrEqual(expected[i]!);
      expect(w).toBeGreaterThanOrEqual(expected[i]! - 2);
    });
  });

  it('many addresses against one account: each that failed twice waits 15 minutes; a fresh one still tries; the owner gets in', async () => {
    const victim = await createPublisher(t);
    const bots = Array.from({ length: 10 }, () => newIp());
    const first = await Promise.all(bots.map((ip) => login(victim.email, 'wrong-password', ip)));
    expect(first.map((a) => a.status)).toEqual(Array(10).fill(401));
    // Under attack now: a second failure is allowed, a third try waits the full 15 minutes.
    expect((await login(victim.email, 'wrong-password', bots[0]!)).status).toBe(401);
    const third = await login(victim.email, 'wrong-password', bots[0]!);
    expect(third.status).toBe(429);
    expect(retryAfter(third)).toBeGreaterThan(890);
    expect(retryAfter(third)).toBeLessThanOrEqual(900);
    expect((await login(victim.email, 'wrong-password', newIp())).status).toBe(401);
    expect((await login(victim.email, victim.password, newIp())).status).toBe(200);
  });

  it('password spraying from one address is still stopped: 100 tries over any accounts per 15 minutes', async () => {
    const sprayer = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => login(ghost(), 'Summer2026!', sprayer)));
      statuses.push(...batch.map((a) => a.status));
    }
    expect(statuses).toEqual(Array(100).fill(401));
    const p = await createPublisher(t);
    const spent = await login(p.email, p.password, sprayer);
    expect(spent.status).toBe(429);
    expect(retryAfter(spent)).toBeGreaterThan(800);
    expect((await login(p.email, p.password, newIp())).status).toBe(200);
  });

  it('good logins do not spend an address’s budget: an office behind one address logs in all day', async () => {
    const office = newIp();
    const staff = await Promise.all(Array.from({ length: 3 }, () => createPublisher(t)));
    for (let i = 0; i < 40; i++) {
      const who = staff[i % staff.length]!;
      expect((await login(who.email, who.password, office)).status).toBe(200);
    }
    const bucket = await t.app.ctx.db
      .selectFrom('throttle_buckets')
      .select('count')
      .where('key', '=', `login:ip:${office}`)
      .executeTakeFirstOrThrow();
    expect(bucket.count).toBe(0);
  });

  describe('two-factor codes', () => {
    let p: PublisherFixture;
    beforeAll(async () => {
      p = await createPublisher(t);
      await enableTwoFactor(t, p.userId, DEMO_TOTP_SECRET);
    });
    const pendingFrom = async (ip: string) => {
      const r = await login(p.email, p.password, ip);
      expect(r.body.data.two_factor_required).toBe(true);
      return r.body.data.jwt as string;
    };
    const verify = (pending: string, code: string, ip: string) =>
      t.post(VERIFY, { code }, { token: pending, ...from(ip) });

    it('wrong codes from one address slow that address; the owner’s right code from another goes through', async () => {
      const attacker = newIp();
      const pending = await pendingFrom(attacker);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await verify(pending, wrongCode(DEMO_TOTP_SECRET), attacker)).status);
      expect(statuses).toEqual([...Array(5).fill(422), ...Array(5).fill(429)]);
      const owner = newIp();
      const ok = await verify(await pendingFrom(owner), totpCode(DEMO_TOTP_SECRET), owner);
      expect(ok.status).toBe(200);
    });

    it('past 20 failures for the user from any addresses every address waits: a six-digit code cannot be outguessed', async () => {
      const q = await createPublisher(t);
      await enableTwoFactor(t, q.userId, DEMO_TOTP_SECRET);
      const pending = (await login(q.email, q.password, newIp())).body.data.jwt as string;
      for (let bot = 0; bot < 10; bot++) {
        const ip = newIp();
        for (let i = 0; i < 2; i++) expect((await verify(pending, wrongCode(DEMO_TOTP_SECRET), ip)).status).toBe(422);
      }
      const refused = await verify(pending, totpCode(DEMO_TOTP_SECRET), newIp());
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    });
  });
});
