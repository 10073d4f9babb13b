import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  eventually,
  expectNoProblems,
  goto,
  launch,
  open,
  WIDTHS,
  type Width,
} from './helpers/browser.ts';
import { adminCall, OPS } from './helpers/console.ts';

/**
 * The operator console's sign-in, layout and Overview (docs/operator-console.md), as the demo
 * owner, in real Chromium at a desktop's and a phone's width.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('console sign-in at %s width', (width) => {
  test('sign-in, the Overview, the navigation and sign-out', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await goto(page, '/admin');
    await page.waitForURL(/\/admin\/login$/);
    await page.getByRole('heading', { name: 'Log in to the console' }).waitFor();
    await eventually(() => page.title(), 'Log in to the console / Publisher Portal');
    const button = page.getByRole('button', { name: 'Log in' });
    expect(await button.isDisabled()).toBe(true);
    await checkScreen(page, 'console-login');

    await page.getByLabel('Email').fill(OPS.email);
    await page.getByLabel('Password').fill('not-the-password');
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials.' }).waitFor();

    await page.getByLabel('Password').fill(OPS.password);
    await button.click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Publishers waiting for approval' }).waitFor();
    await page.getByRole('heading', { name: 'Offer caps' }).waitFor();
    const stored = await page.evaluate(() => [localStorage.getItem('operator_jwt'), localStorage.getItem('jwt_token')]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toBeNull();

    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Operators' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Publishers',
      'Advertisers',
      'Offers',
      'Conversions',
      'Invoices',
      'Notifications',
      'Audit log',
      'Operators',
    ]);
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await checkScreen(page, 'console-overview');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('operator_jwt'))).toBeNull();
    // The signed-out token is refused at once.
    expect((await adminCall(s, 'GET', '/me', stored[0]!)).status()).toBe(401);
    expectNoProblems(s);
    await s.close();
  });
});

test('a publisher session opens nothing of the console', async () => {
  const s = await open(browser);
  const { page } = s;
  await goto(page, '/login');
  const r = await apiPost(s, '/user/authenticate', { user_name: DEMO.email, password: DEMO.password });
  const publisherJwt = ((await r.json()) as { data: { jwt: string } }).data.jwt;
  await page.evaluate((token) => localStorage.setItem('jwt_token', token), publisherJwt);
  // The console does not take the publisher's token for its own: sign-in first.
  await goto(page, '/admin');
  await page.waitForURL(/\/admin\/login$/);
  // Nor does the operator API, stored under the console's key or not.
  expect((await adminCall(s, 'GET', '/overview', publisherJwt)).status()).toBe(401);
  await page.evaluate((token) => localStorage.setItem('operator_jwt', token), publisherJwt);
  await goto(page, '/admin');
  await page.waitForURL(/\/admin\/login$/);
  await page.getByText('Please log-in again.').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('operator_jwt'))).toBeNull();
  // The publisher's own session is untouched.
  expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBe(publisherJwt);
  await s.close();
});
