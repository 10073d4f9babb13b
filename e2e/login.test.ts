import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaUi,
  MULTI,
  open,
  PENDING,
  TWO_FA,
  WIDTHS,
  type Width,
  eventually,
} from './helpers/browser.ts';
import { freshCode } from './helpers/totp.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('login at %s width', (width) => {
  test('the form, its links and a successful login', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await goto(page, '/login');
    await eventually(() => page.title(), 'Log in / Publisher Portal');
    const button = page.getByRole('button', { name: 'Log in' });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(DEMO.email);
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(await page.getByText("Don't have an account?").textContent()).toContain('Sign up');
    await checkScreen(page, 'login');
    await page.getByLabel('Password').fill(DEMO.password);
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await page.waitForURL(/\/$/);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await eventually(() => page.title(), 'Dashboard / Publisher Portal');
    const stored = await page.evaluate(() => [
      localStorage.getItem('jwt_token'),
      localStorage.getItem('publisher_id'),
      localStorage.getItem('multi_account'),
    ]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toMatch(/^\d+$/);
    expect(stored[2]).toBeNull();
    expectNoProblems(s);
    await s.close();
  });

  test('wrong password, pending account, server fault and network error', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await loginViaUi(page, { email: DEMO.email, password: 'not-the-password' });
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials.' }).waitFor();

    await page.getByLabel('Email').fill(PENDING.email);
    await page.getByLabel('Password').fill(PENDING.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page
      .getByText(
        'Your account is currently pending approval. You cannot log in at this time. Please contact support for further assistance',
      )
      .waitFor();
    if (width === 'desktop') await checkScreen(page, 'login-pending-warning');

    await page.route('**/api/v1/user/authenticate', (r) =>
      r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: '0x500', message: 'x' } }),
      }),
    );
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('We were unable to log you in. Please Contact your Account Manager.').waitFor();
    await page.unroute('**/api/v1/user/authenticate');

    await page.route('**/api/v1/user/authenticate', (r) => r.abort('failed'));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Network Error' }).waitFor();
    await page.unroute('**/api/v1/user/authenticate');

    await page.route('**/api/v1/user/authenticate', (r) =>
      r.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: '0x4220', message: 'x' },
          errors: { user_name: { code: '0x4010', message: 'x' }, password: { code: '0x4001', message: 'x' } },
        }),
      }),
    );
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Must provide valid email address.').waitFor();
    await page.getByText('Must provide a password.').waitFor();
    // Editing a field clears its error.
    await page.getByLabel('Password').fill('x');
    expect(await page.getByText('Must provide a password.').count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });
});

// In order: the server takes each TOTP time step once, and only increasing ones.
describe('two-factor login', () => {
  test.each(Object.keys(WIDTHS) as Width[])(
    'a 6-digit code enables Verify; a wrong code says so; the right one logs in (%s)',
    async (width) => {
      const s = await open(browser, width);
      const { page } = s;
      await loginViaUi(page, TWO_FA);
      await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
      const verify = page.getByRole('button', { name: 'Verify' });
      const code = page.getByLabel('Authentication code');
      expect(await verify.isDisabled()).toBe(true);
      await code.fill('12345');
      expect(await verify.isDisabled()).toBe(true);
      await checkScreen(page, 'login-two-factor');
      // Not a session yet: nothing stored.
      expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
      const right = await freshCode(TWO_FA.secret);
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      await code.fill(wrong);
      await verify.click();
      await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
      await code.fill(right);
      await verify.click();
      await page.waitForURL(/\/$/);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expectNoProblems(s);
      await s.close();
    },
  );
});

describe.concurrent('select account', () => {
  test.concurrent.each(Object.keys(WIDTHS) as Width[])(
    'a multi-account user chooses an account (%s)',
    async (width) => {
      const s = await open(browser, width);
      const { page } = s;
      await loginViaUi(page, MULTI);
      await page.waitForURL(/\/select-account$/);
      await page.getByRole('heading', { name: 'Welcome, Morgan Multi' }).waitFor();
      await page.getByText('Please choose an account to log in.').waitFor();
      const accounts = page.getByRole('list', { name: 'Accounts' }).getByRole('button');
      await accounts.first().waitFor();
      expect(await accounts.count()).toBeGreaterThanOrEqual(2);
      expect(await page.evaluate(() => localStorage.getItem('multi_account'))).toBe('true');
      // The authenticated area sends a pending choice back here.
      await goto(page, '/my-offers');
      await page.waitForURL(/\/select-account$/);
      await checkScreen(page, 'select-account');
      const second = accounts.nth(1);
      const id = (await second.textContent())?.match(/Account ID (\d+)/)?.[1];
      await second.click();
      await page.waitForURL(/\/$/);
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      expect(
        await page.evaluate(() => [localStorage.getItem('multi_account'), localStorage.getItem('publisher_id')]),
      ).toEqual([null, id]);
      // Select-account is only for a pending choice.
      await goto(page, '/select-account');
      await page.waitForURL(/\/$/);
      expectNoProblems(s);
      await s.close();
    },
  );
});
