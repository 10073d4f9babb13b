import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  loginViaUi,
  open,
  WIDTHS,
  type Width,
} from './helpers/browser.ts';
import { resetLinkFor } from './helpers/outbox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const USERS: Record<Width, string> = { desktop: 'referred1@portal.test', phone: 'referred2@portal.test' };

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('forgot and reset password at %s width', (width) => {
  test('request a link, validate it, mismatch and length errors, save, and log in with the new password', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const email = USERS[width];
    await goto(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    const button = page.getByRole('button', { name: 'Reset Password' });
    expect(await button.isDisabled()).toBe(true);
    await checkScreen(page, 'forgot-password');
    const since = Date.now() - 1000;
    await page.getByLabel('Email').fill(email);
    await button.click();
    await page.getByText('Please check your email inbox for a link to complete password reset.').waitFor();
    await checkScreen(page, 'forgot-password-sent');

    const link = await resetLinkFor(email, since);
    await goto(page, link);
    await page.getByText('Validating reset password link').waitFor();
    const shownAt = Date.now();
    if (width === 'desktop') await checkScreen(page, 'reset-password-validating');
    await page.getByRole('button', { name: 'Save Password' }).waitFor();
    expect(Date.now() - shownAt).toBeGreaterThan(600);
    const save = page.getByRole('button', { name: 'Save Password' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(/^Password\*?$/).fill('short');
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel(/^Confirm Password/).fill('shorter');
    await save.click();
    await page.getByText('Passwords do not match.', { exact: true }).waitFor();
    await page.getByLabel(/^Confirm Password/).fill('short');
    await save.click();
    await page.getByText('Password must be at least 8 characters', { exact: true }).waitFor();
    await checkScreen(page, 'reset-password-form');

    await page.route(
      '**/api/v1/reset-password',
      (r) =>
        r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
      { times: 1 },
    );
    const fresh = `fresh-password-${width}`;
    await page.getByLabel(/^Password\*?$/).fill(fresh);
    await page.getByLabel(/^Confirm Password/).fill(fresh);
    await save.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'We were unable to complete your request, please try again.' })
      .waitFor();

    await save.click();
    await expectToast(page, 'Your password has been successfully updated. Kindly proceed by logging.', 'success');
    const savedAt = Date.now();
    await page.waitForURL(/\/login$/, { timeout: 6000 });
    expect(Date.now() - savedAt).toBeGreaterThan(2000);

    // The link works once.
    await goto(page, link);
    await page.getByText('Your password reset link has expired.').waitFor();

    await loginViaUi(page, { email, password: fresh });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('an unknown or used link says it has expired', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await goto(page, '/forgot-password/not-a-real-token');
    await page.getByText('Your password reset link has expired.').waitFor();
    await checkScreen(page, 'reset-password-expired');
    await page.getByRole('link', { name: 'Send a new link' }).click();
    await page.waitForURL(/\/forgot-password$/);
    expectNoProblems(s);
    await s.close();
  });
});

test.concurrent('a failing reset request says so', async () => {
  const s = await open(browser, 'desktop');
  const { page } = s;
  await goto(page, '/forgot-password');
  await page.route('**/api/v1/send-reset-password-token', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
  );
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: 'We were unable to complete your request, please try again.' })
    .waitFor();
  await page.route('**/api/v1/verify-reset-password-token', (r) => r.abort('failed'));
  await goto(page, '/forgot-password/some-token');
  await page.getByRole('alert').filter({ hasText: 'Network Error' }).waitFor();
  expectNoProblems(s);
  await s.close();
});
