import { execFile, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { decodeJwt } from 'jose';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  launch,
  open,
  screenshot,
  type Session,
} from './helpers/browser.ts';
import { freePort } from '../apps/server/test/helpers/free-port.ts';

/**
 * Links that log in: the operator CLI prints `/?login_code=…&publisher_id=…`, the web app
 * exchanges the code once, and asks before replacing a session already open. The CLI cannot open the
 * suite's shared embedded database while its server runs, so these tests start their own server on
 * a fresh PostgreSQL database that the CLI can use at the same time.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const REFUSED = 'This login link is invalid, has expired or has already been used.';
const OPERATOR = 'riley.support';
const REFERRED1 = { email: 'referred1@portal.test', name: 'Referred Partner 1', publisher: 'Referred Traffic Co' };
const REFERRED2 = { email: 'referred2@portal.test', name: 'Referred Partner 2', publisher: 'Second Wave Media' };

const adminUrl = (database = 'postgres') => {
  const u = new URL(process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  u.pathname = `/${database}`;
  return u.toString();
};

async function sql(database: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: adminUrl(database) });
  await c.connect();
  try {
    return (await c.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await c.end();
  }
}

const dbName = `portal_e2e_links_${crypto.randomBytes(5).toString('hex')}`;
let base = '';
let env: Record<string, string> = {};
let server: ChildProcess | undefined;
let serverExited = false;
let browser: Browser;

beforeAll(async () => {
  await sql('postgres', `CREATE DATABASE ${dbName}`);
  const port = await freePort();
  base = `http://localhost:${port}`;
  env = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: adminUrl(dbName),
    DEMO_SEED: 'true',
    NODE_ENV: 'production',
    JWT_SECRET: 'e2e-links-secret-0123456789abcdef0123456789',
    PUBLIC_URL: base,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.on('exit', () => (serverExited = true));
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (serverExited) throw new Error('the server exited during start');
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy in time');
    await new Promise((r) => setTimeout(r, 300));
  }
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  if (server && !serverExited) {
    const exited = new Promise<void>((resolve) => server!.on('exit', () => resolve()));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server!.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await sql('postgres', `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

/** The operator CLI against this file's database, as an operator runs it. */
async function admin(...args: string[]) {
  const r = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
    cwd: root,
    env: { ...env, DEMO_SEED: 'false', LOG_LEVEL: 'silent' },
  });
  return r.stdout;
}

/** A fresh link that logs in as `email` (optionally to one of their accounts), made by OPERATOR. */
async function impersonate(email: string, publisherId?: number) {
  const out = await admin('impersonate', email, ...(publisherId ? [String(publisherId)] : []), '--operator', OPERATOR);
  const link = out.trim();
  const m = /^(.*)\/\?login_code=([A-Za-z0-9_-]{43})&publisher_id=(\d+)$/.exec(link);
  expect(m, link).not.toBeNull();
  expect(m![1]).toBe(base);
  return { link, code: m![2]!, publisherId: Number(m![3]) };
}

const goto = (page: Page, route: string) => page.goto(`${base}${route}`);

const stored = (page: Page) =>
  page.evaluate(() => ({
    jwt: localStorage.getItem('jwt_token'),
    publisherId: localStorage.getItem('publisher_id'),
    multi: localStorage.getItem('multi_account'),
  }));

/** A session token for a user, straight from the API (no browser, so no XSRF cookie to echo). */
async function tokenFor(email: string, password = DEMO.password): Promise<string> {
  const r = await fetch(`${base}/api/v1/user/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_name: email, password }),
  });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: { jwt: string } }).data.jwt;
}

/** Logs the context in as `email` the way a login does (token in local storage), on the dashboard. */
async function login(s: Session, email: string) {
  const jwt = await tokenFor(email);
  await goto(s.page, '/login');
  await s.page.evaluate((token) => {
    localStorage.clear();
    localStorage.setItem('jwt_token', token);
  }, jwt);
  await goto(s.page, '/');
  await s.page.getByRole('button', { name: /^Account menu for / }).waitFor();
  return jwt;
}

const accountMenu = (page: Page, name: string) => page.getByRole('button', { name: `Account menu for ${name}` });

async function expectOnDashboardAs(page: Page, name: string) {
  await page.waitForURL(`${base}/`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await accountMenu(page, name).waitFor();
}

describe('links that log in', () => {
  test('with no session a link logs in and lands on /; the same link a second time is refused', async () => {
    const { link, publisherId } = await impersonate(REFERRED2.email);
    const s = await open(browser, 'desktop');
    const { page } = s;
    await page.goto(link);
    await expectOnDashboardAs(page, REFERRED2.name);
    expect(page.url()).toBe(`${base}/`);
    const after = await stored(page);
    expect(after.jwt).toBeTruthy();
    expect(after.publisherId).toBe(String(publisherId));
    expect(after.multi).toBeNull();
    // The session names the operator acting, for the audit trail.
    expect(decodeJwt(after.jwt!)['act']).toEqual({ sub: OPERATOR });
    expectNoProblems(s);
    await s.close();

    const again = await open(browser, 'desktop');
    await again.page.goto(link);
    await expectToast(again.page, REFUSED, 'error');
    await again.page.waitForURL(`${base}/login`);
    await again.page.getByRole('button', { name: 'Log in' }).waitFor();
    expect((await stored(again.page)).jwt).toBeNull();
    expect(again.page.url()).not.toContain('login_code');
    expectNoProblems(again);
    await again.close();
  });

  test.each(['desktop', 'phone'] as const)(
    'with a session open (%s) a link for another user asks first: Cancel keeps it, Switch replaces it',
    async (width) => {
      const s = await open(browser, width);
      const { page } = s;
      const demoJwt = await login(s, DEMO.email);

      // Opened on another page than /: Cancel leaves that page as it was, without the code.
      const first = await impersonate(REFERRED1.email);
      const onOffers = new URL(first.link);
      onOffers.pathname = '/my-offers';
      // The session the link opened, as the exchange answered it.
      const exchanged = page
        .waitForResponse((r) => r.url().endsWith('/api/v1/user/exchange-login-code'))
        .then(async (r) => ((await r.json()) as { data: { jwt: string } }).data.jwt);
      await page.goto(onOffers.toString());
      const dialog = page.getByRole('dialog', { name: 'Switch account?' });
      await dialog.waitFor();
      expect((await dialog.textContent())?.replace(/\s+/g, ' ')).toContain(
        `You are signed in as Dana Demo. Switch to ${REFERRED1.publisher} (${REFERRED1.email})?`,
      );
      expect(page.url()).toBe(`${base}/my-offers`);
      // Nothing is stored before the answer.
      expect((await stored(page)).jwt).toBe(demoJwt);
      await checkScreen(page, 'login-link-switch');
      // What the person sees (the full-page shot dims only the first screenful, as a fixed overlay does).
      await screenshot(page, 'login-link-switch-viewport', { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${base}/my-offers`);
      await page.getByRole('heading', { level: 1, name: 'My Offers' }).waitFor();
      await accountMenu(page, 'Dana Demo').waitFor();
      expect((await stored(page)).jwt).toBe(demoJwt);
      // The declined session is ended on the server too: nobody holds it, nobody can use it.
      const declined = await exchanged;
      await expect
        .poll(
          async () =>
            (await fetch(`${base}/api/v1/user/me.json`, { headers: { authorization: `Bearer ${declined}` } })).status,
        )
        .toBe(401);
      const stillDemo = await fetch(`${base}/api/v1/user/me.json`, { headers: { authorization: `Bearer ${demoJwt}` } });
      expect(stillDemo.status).toBe(200);

      // The cancelled code was spent when the link was opened: it cannot be used again.
      const replay = await fetch(`${base}/api/v1/user/exchange-login-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: first.code }),
      });
      expect(replay.status).toBe(401);
      // Opened again in the browser: refused, no prompt, and the demo session stays.
      await page.goto(first.link);
      await expectToast(page, REFUSED, 'error');
      await expectOnDashboardAs(page, 'Dana Demo');
      expect(await dialog.count()).toBe(0);
      expect((await stored(page)).jwt).toBe(demoJwt);

      // A second link, answered with Switch: the link's account, on /.
      const second = await impersonate(REFERRED1.email);
      await page.goto(second.link);
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Switch' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expectOnDashboardAs(page, REFERRED1.name);
      expect(await accountMenu(page, 'Dana Demo').count()).toBe(0);
      const after = await stored(page);
      expect(after.jwt).not.toBe(demoJwt);
      expect(after.publisherId).toBe(String(second.publisherId));
      expect(decodeJwt(after.jwt!)['act']).toEqual({ sub: OPERATOR });
      expect(page.url()).not.toContain('login_code');
      expectNoProblems(s);
      await s.close();
    },
  );

  test('a raw ?token= no longer logs in: it is dropped from the address bar, the session stays', async () => {
    const otherJwt = await tokenFor(REFERRED1.email);
    const otherPub = String(decodeJwt(otherJwt)['pub']);
    const query = `token=${encodeURIComponent(otherJwt)}&publisher_id=${otherPub}`;

    const s = await open(browser, 'desktop');
    const { page } = s;
    const demoJwt = await login(s, DEMO.email);
    await goto(page, `/my-offers?${query}`);
    await page.getByRole('heading', { level: 1, name: 'My Offers' }).waitFor();
    await accountMenu(page, 'Dana Demo').waitFor();
    expect(page.url()).toBe(`${base}/my-offers`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect((await stored(page)).jwt).toBe(demoJwt);
    // Still so once every call of the page has settled.
    await page.waitForLoadState('networkidle');
    await accountMenu(page, 'Dana Demo').waitFor();
    expect((await stored(page)).jwt).toBe(demoJwt);
    expectNoProblems(s);
    await s.close();

    const anon = await open(browser, 'desktop');
    await goto(anon.page, `/?${query}`);
    await anon.page.waitForURL(`${base}/login`);
    await anon.page.getByRole('button', { name: 'Log in' }).waitFor();
    await anon.page.waitForLoadState('networkidle');
    expect(anon.page.url()).toBe(`${base}/login`);
    expect(await stored(anon.page)).toEqual({ jwt: null, publisherId: null, multi: null });
    expectNoProblems(anon);
    await anon.close();
  });

  test('a link for one of several accounts opens that one; the audit log names the operator', async () => {
    const rows = await sql(dbName, 'SELECT id FROM publishers WHERE name = $1', ['Multi Brand Media – US']);
    const usId = Number(rows[0]!['id']);
    const { link, publisherId } = await impersonate('multi@portal.test', usId);
    expect(publisherId).toBe(usId);

    const s = await open(browser, 'desktop');
    const { page } = s;
    await page.goto(link);
    await expectOnDashboardAs(page, 'Morgan Multi');
    expect(await stored(page)).toMatchObject({ publisherId: String(usId), multi: null });
    const userAgent = await page.evaluate(() => navigator.userAgent);
    expectNoProblems(s);
    await s.close();

    const audit = await admin('audit:list', '--email', 'multi@portal.test');
    const lines = audit.split('\n');
    const exchanged = lines.filter((l) => l.includes('code_exchanged'));
    const created = lines.filter((l) => l.includes('code_created'));
    expect(exchanged, audit).toHaveLength(1);
    expect(created, audit).toHaveLength(1);
    for (const l of [...exchanged, ...created]) {
      expect(l).toContain(OPERATOR);
      expect(l).toContain('multi@portal.test');
      expect(l).toContain(String(usId));
    }
    // The exchange records the browser that used the link, and from which client address.
    expect(exchanged[0]).toContain(userAgent.slice(0, 40));
    expect(exchanged[0]).toMatch(/\b10\.\d+\.\d+\.\d+\b/);
    // Newest first: the exchange is listed above the creation.
    expect(audit.indexOf('code_exchanged')).toBeLessThan(audit.indexOf('code_created'));
    expect(audit).not.toContain(link.split('login_code=')[1]!.split('&')[0]);
  });
});
