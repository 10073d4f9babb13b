import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { workerServer } from './worker-server.ts';

export const baseUrl = () => workerServer().baseUrl;
export const port = () => workerServer().port;

const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const WIDTHS = { desktop: 1280, phone: 390 } as const;
export type Width = keyof typeof WIDTHS;

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // White-label host names (northwind.test, …) reach the local server.
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  });
}

let ipCounter = 1;

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console CSP violations and uncaught page errors seen so far. */
  problems: string[];
  close: () => Promise<void>;
}

/** A fresh context (axe needs one) at the given width, with its own client address. */
export async function open(browser: Browser, width: Width = 'desktop'): Promise<Session> {
  const n = ipCounter++;
  const context = await browser.newContext({
    viewport: { width: WIDTHS[width], height: width === 'phone' ? 844 : 860 },
    deviceScaleFactor: 1,
    timezoneId: 'America/Toronto',
    locale: 'en-US',
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-forwarded-for': `10.${(process.pid >> 8) & 255}.${(n >> 8) & 255}.${n & 255}` },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(text)) problems.push(`CSP: ${text}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return { context, page, problems, close: () => context.close() };
}

export async function goto(page: Page, route: string, host = 'localhost') {
  await page.goto(`http://${host}:${port()}${route}`);
}

/** No serious or critical accessibility violations on what is on screen now. */
export async function expectAccessible(page: Page, label: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .disableRules(['region'])
    // axe.run in the page itself: the default mode opens a second page to merge the results of
    // cross-origin frames, which the portal has none of, and took half of each scan's time.
    .setLegacyMode(true)
    // Only the violations are read: axe skips gathering the nodes that pass.
    .options({ resultTypes: ['violations'] })
    .analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, `axe on ${label}`).toEqual([]);
}

/**
 * Screenshots are for people to look at. E2E_SCREENSHOTS=0 skips them where nobody does (CI sets
 * it): the browser encodes each full page as a PNG, a good part of a loaded machine's time.
 */
const takeScreenshots = process.env['E2E_SCREENSHOTS'] !== '0';

export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (!takeScreenshots) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: opts.fullPage ?? true });
}

/** Axe scan plus screenshot: every screen gets both. */
export async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  await screenshot(page, name);
}

export const DEMO = { email: 'demo@portal.test', password: 'demo-password' };
export const MULTI = { email: 'multi@portal.test', password: 'demo-password' };
export const TWO_FA = { email: '2fa@portal.test', password: 'demo-password', secret: 'JBSWY3DPEHPK3PXP' };
export const PENDING = { email: 'pending@portal.test', password: 'demo-password' };

/** Logs in through the form and waits for the dashboard. */
export async function loginViaUi(page: Page, creds: { email: string; password: string }, host = 'localhost') {
  await goto(page, '/login', host);
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password').fill(creds.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** A POST to the API from the context, with its XSRF cookie echoed as the app does. */
export async function apiPost(s: Session, path: string, data: unknown, token?: string) {
  const xsrf = (await s.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const headers: Record<string, string> = {};
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  if (token) headers['authorization'] = `Bearer ${token}`;
  return s.context.request.post(`${baseUrl()}/api/v1${path}`, { data, headers });
}

/** A session token from the API, stored as the app stores it (faster than the form). */
export async function loginViaApi(s: Session, creds: { email: string; password: string }) {
  const r = await apiPost(s, '/user/authenticate', { user_name: creds.email, password: creds.password });
  expect(r.status()).toBe(200);
  const body = (await r.json()) as { data: { jwt: string } };
  await storeSession(s.page, body.data.jwt);
  await goto(s.page, '/');
  // The user is loaded (the menu is named after them): no call of the first page is still running.
  await s.page.getByRole('button', { name: /^Account menu for / }).waitFor();
  return body.data.jwt;
}

/** Stores a session token under the app's keys (docs/api.md), as a login does; call `goto` after it. */
export async function storeSession(page: Page, jwt: string) {
  if (!page.url().startsWith(`http://localhost:${port()}`)) await goto(page, '/login');
  await page.evaluate((token) => {
    localStorage.clear();
    localStorage.setItem('jwt_token', token);
  }, jwt);
}

export async function expectToast(page: Page, text: string, type?: 'success' | 'error' | 'warning') {
  const toast = page.locator(type ? `[data-alert-type="${type}"]` : '[data-alert-type]').filter({ hasText: text });
  await toast.first().waitFor({ state: 'visible' });
}

/** A problem-free page: no CSP violations, no uncaught errors. */
export function expectNoProblems(s: Session) {
  expect(s.problems).toEqual([]);
}

/**
 * Waits until `read()` gives `expected` (deep equality), like expect.poll but usable in concurrent
 * tests, whose assertions must not reach the global expect's test context.
 */
export async function eventually<T>(read: () => Promise<T> | T, expected: T, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    if (Date.now() > deadline)
      throw new Error(`expected ${JSON.stringify(expected)}, last saw ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RecordedCall {
  body: Record<string, unknown>;
  url: string;
}

/** Records every call to an API path (relative to /api/v1) made by the page from now on. */
export function recordCalls(page: Page, apiPath: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname !== `/api/v1${apiPath}`) return;
    let body: Record<string, unknown>;
    try {
      body = (req.postDataJSON() as Record<string, unknown> | null) ?? {};
    } catch {
      body = {};
    }
    calls.push({ body, url: req.url() });
  });
  return calls;
}

/** The page scrolls sideways at this width (it must not: docs/ui.md). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** The column headers of a table, in order. */
export async function columnHeaders(page: Page, tableName: string): Promise<string[]> {
  const headers = page.getByRole('table', { name: tableName }).getByRole('columnheader');
  return (await headers.allTextContents()).map((t) => t.trim());
}
