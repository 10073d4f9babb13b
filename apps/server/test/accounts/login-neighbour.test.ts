import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, type PublisherFixture } from '../helpers/factories.ts';

const NAT = '203.0.113.77';
const IPV6_A = '2001:db8:5:7::1';
const IPV6_B = '2001:db8:5:7::beef';
const ghost = () => `ghost-${crypto.randomBytes(5).toString('hex')}@example.test`;

/** The trusted-device cookie a login answer sets (name=value), and the whole header. */
function deviceCookieOf(r: { headers: Headers }): { pair: string; header: string } {
  const header = r.headers.getSetCookie().find((c) => c.startsWith('portal_device=')) ?? '';
  return { pair: header.split(';')[0]!, header };
}

/**
 * A neighbour behind the owner's NAT (or in the owner's IPv6 /64) guesses at the owner's account
 * and sprays other accounts until the address is refused. The guesser is still stopped; the owner,
 * in the browser they logged in with before, still gets in.
 */
describe('login throttle: a neighbour behind the same address cannot lock the owner out', () => {
  let t: TestApp;
  let owner: PublisherFixture;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    owner = await createPublisher(t);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    t.post(
      '/user/authenticate',
      { user_name: email, password },
      { headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) } },
    );
  /** `n` failed logins from `ip`, 10 at a time; their statuses. */
  const fail = async (n: number, ip: string, email?: string) => {
    const out: number[] = [];
    for (let i = 0; i < n; i += 10)
      out.push(
        ...(
          await Promise.all(
            Array.from({ length: Math.min(10, n - i) }, () => login(email ?? ghost(), 'wrong-password', ip)),
          )
        ).map((r) => r.status),
      );
    return out;
  };

  it('a login sets a trusted-device cookie for the login calls only, HttpOnly and SameSite=Strict', async () => {
    const r = await login(owner.email, owner.password, '198.51.100.3');
    expect(r.status).toBe(200);
    const { header } = deviceCookieOf(r);
    expect(header).toMatch(
      /^portal_device=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/api\/v1\/user; HttpOnly; SameSite=Strict$/,
    );
    // A wrong password sets none.
    expect(deviceCookieOf(await login(owner.email, 'wrong-password', '198.51.100.3')).header).toBe('');
  });

  it('the neighbour is refused; the owner’s known browser logs in; an unknown browser or forged cookie is refused', async () => {
    const before = await login(owner.email, owner.password, NAT);
    expect(before.status).toBe(200);
    const ownerCookie = deviceCookieOf(before).pair;

    // The neighbour guesses at the owner's account, then sprays others until the address is spent.
    const atOwner = await fail(12, NAT, owner.email);
    expect(atOwner.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(atOwner).toContain(429);
    await fail(100, NAT);
    const next = await login(ghost(), 'wrong-password', NAT);
    expect(next.status).toBe(429);
    expect((await login(owner.email, owner.password, NAT)).status).toBe(429);

    // The owner, in the browser that logged in before: in, with a fresh cookie.
    const owners = await login(owner.email, owner.password, NAT, ownerCookie);
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
    expect(deviceCookieOf(owners).pair).toMatch(/^portal_device=/);

    // A cookie made for another account, or altered, is no key to this one.
    const neighbour = await createPublisher(t);
    const theirs = deviceCookieOf(await login(neighbour.email, neighbour.password, '198.51.100.4')).pair;
    expect((await login(owner.email, owner.password, NAT, theirs)).status).toBe(429);
    const forged = `${ownerCookie.slice(0, -2)}${ownerCookie.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await login(owner.email, owner.password, NAT, forged)).status).toBe(429);
  });

  it('the trusted browser is still throttled on its own wrong passwords', async () => {
    const p = await createPublisher(t);
    // Logged in elsewhere before; now behind the NAT whose address the neighbour has spent.
    const cookie = deviceCookieOf(await login(p.email, p.password, '198.51.100.5')).pair;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login(p.email, 'wrong-password', NAT, cookie)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect((await login(p.email, p.password, NAT, cookie)).status).toBe(429);
  });

  it('the same holds in a shared IPv6 /64', async () => {
    const p = await createPublisher(t);
    const cookie = deviceCookieOf(await login(p.email, p.password, IPV6_A)).pair;
    await fail(8, IPV6_B, p.email);
    expect((await login(p.email, p.password, IPV6_B)).status).toBe(429);
    expect((await login(p.email, p.password, IPV6_A, cookie)).status).toBe(200);
  });
});
