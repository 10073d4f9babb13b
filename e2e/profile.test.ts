import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  screenshot,
  loginViaApi,
  loginViaUi,
  open,
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

const fail500 = (page: Page, path: string, times = 1) =>
  page.route(
    `**/api/v1${path}`,
    (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
    { times },
  );

describe.each(Object.keys(WIDTHS) as Width[])('profile at %s width', (width) => {
  test('time zone: a live clock, save with a toast, restore on failure', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await loginViaApi(s, DEMO);
    await goto(page, '/profile');
    await page.waitForURL(/\/profile\/time-zone$/);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await eventually(() => page.title(), 'Profile: Time Zone / Publisher Portal');
    const select = page.getByRole('combobox', { name: 'Time Zone' });
    await eventually(() => select.inputValue(), 'America/Toronto');
    const utc1 = await page.getByTestId('clock-utc').textContent();
    await page.waitForTimeout(1100);
    expect(await page.getByTestId('clock-utc').textContent()).not.toBe(utc1);
    await checkScreen(page, 'profile-time-zone');

    await select.selectOption('Europe/Paris');
    await expectToast(page, 'The user profile timezone has been successfully updated.', 'success');
    await fail500(page, '/user/update');
    await select.selectOption('Asia/Tokyo');
    await expectToast(page, 'Error: The user profile timezone could not be updated at this time.', 'error');
    await eventually(() => select.inputValue(), 'Europe/Paris');
    await page.reload();
    await eventually(() => page.getByRole('combobox', { name: 'Time Zone' }).inputValue(), 'Europe/Paris');
    await page.getByRole('combobox', { name: 'Time Zone' }).selectOption('America/Toronto');
    await expectToast(page, 'The user profile timezone has been successfully updated.', 'success');

    // Load failures: the list of zones, then the profile itself.
    await fail500(page, '/timezone');
    await page.reload();
    await expectToast(page, 'Error: Could not load timezones.', 'error');
    await fail500(page, '/user');
    await page.reload();
    await page.getByText('Something went wrong, try again.').waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('notifications settings: the three subscriptions, saved', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await loginViaApi(s, DEMO);
    await goto(page, '/profile/time-zone');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.waitForURL(/\/profile\/notifications-settings$/);
    for (const label of ['Offer 90 percent cap reached', 'Offer cap has been reached', 'Offer has expired']) {
      await page.getByLabel(label).waitFor();
    }
    await checkScreen(page, 'profile-notifications');
    const box = page.getByLabel('Offer has expired');
    const was = await box.isChecked();
    await box.setChecked(!was);
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectToast(page, 'Your notification preferences have been successfully updated.', 'success');
    await page.reload();
    await eventually(() => page.getByLabel('Offer has expired').isChecked(), !was);
    await fail500(page, '/user/update-notification');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await expectToast(page, 'Something went wrong, try again.', 'error');
    expectNoProblems(s);
    await s.close();
  });

  test('change password: the button rules and the server field errors', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await loginViaApi(s, DEMO);
    await goto(page, '/profile/change-password');
    const submit = page.getByRole('button', { name: 'Change Password' });
    const current = page.getByLabel(/^Current Password/);
    const next = page.getByLabel(/^New Password/);
    const confirm = page.getByLabel(/^Confirm New Password/);
    expect(await submit.isDisabled()).toBe(true);
    await current.fill('wrong-password');
    await next.fill('short');
    expect(await submit.isDisabled()).toBe(true);
    await confirm.fill('shorty');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await page.getByText('Please make sure your value is at least 8 characters long.').first().waitFor();
    expect(await page.getByText('Please make sure your value is at least 8 characters long.').count()).toBe(2);
    await checkScreen(page, 'profile-change-password-errors');
    await next.fill('long-enough-1');
    await confirm.fill('long-enough-2');
    await submit.click();
    await page.getByText('Passwords do not match.', { exact: true }).waitFor();
    await confirm.fill('long-enough-1');
    expect(await page.getByText('Passwords do not match.').count()).toBe(0);
    await submit.click();
    await page.getByText('Invalid credentials.', { exact: true }).waitFor();
    await fail500(page, '/user/update-password');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'Something went wrong, try again.' }).waitFor();
    expectNoProblems(s);
    await s.close();
  });
});

test('change password: success logs out after 2.5 s and the new password works', async () => {
  const s = await open(browser, 'desktop');
  const { page } = s;
  await loginViaApi(s, DEMO);
  const changed = 'demo-password-changed';
  try {
    await goto(page, '/profile/change-password');
    await page.getByLabel(/^Current Password/).fill(DEMO.password);
    await page.getByLabel(/^New Password/).fill(changed);
    await page.getByLabel(/^Confirm New Password/).fill(changed);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expectToast(
      page,
      'Your password has been successfully updated. Kindly proceed by logging in once more.',
      'success',
    );
    const at = Date.now();
    await screenshot(page, 'profile-change-password-success');
    await page.waitForURL(/\/login$/, { timeout: 6000 });
    expect(Date.now() - at).toBeGreaterThan(1800);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    await loginViaUi(page, { email: DEMO.email, password: changed });
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  } finally {
    // Put the demo password back for the other tests.
    const auth = await apiPost(s, '/user/authenticate', { user_name: DEMO.email, password: changed });
    if (auth.ok()) {
      const { data } = (await auth.json()) as { data: { jwt: string } };
      const r = await apiPost(
        s,
        '/user/update-password',
        { current_password: changed, new_password: DEMO.password, new_password_verify: DEMO.password },
        data.jwt,
      );
      expect(r.status()).toBe(200);
    }
  }
  expectNoProblems(s);
  await s.close();
});

test('log out everywhere: every session of the user ends, this one too', async () => {
  const s = await open(browser, 'desktop');
  const { page } = s;
  const here = await loginViaApi(s, DEMO);
  const elsewhere = (
    (await (await apiPost(s, '/user/authenticate', { user_name: DEMO.email, password: DEMO.password })).json()) as {
      data: { jwt: string };
    }
  ).data.jwt;
  expect((await apiPost(s, '/user', {}, elsewhere)).status()).toBe(200);
  await goto(page, '/profile/change-password');
  await page.getByRole('button', { name: 'Log out everywhere' }).click();
  await expectToast(page, 'You have been logged out everywhere.', 'success');
  await page.waitForURL(/\/login$/);
  for (const token of [here, elsewhere]) expect((await apiPost(s, '/user', {}, token)).status()).toBe(401);
  expectNoProblems(s);
  await s.close();
});

describe('two-factor auth tab', () => {
  test('enrol with the QR code and a code, see recovery codes once, turn off with a recovery code', async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    await loginViaApi(s, DEMO);
    await goto(page, '/profile/two-factor-auth');
    const setUp = page.getByRole('button', { name: 'Set up two-factor authentication' });
    // Setting up asks for the current password first.
    expect(await setUp.isDisabled()).toBe(true);
    await page.getByLabel('Current password').fill('not-the-password');
    await setUp.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials.' }).waitFor();
    await checkScreen(page, 'profile-two-factor-password');
    await page.getByLabel('Current password').fill(DEMO.password);
    await setUp.click();
    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const before = await page.evaluate(() => localStorage.getItem('jwt_token'));
    expect(await page.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const turnOn = page.getByRole('button', { name: 'Turn on' });
    expect(await turnOn.isDisabled()).toBe(true);
    await checkScreen(page, 'profile-two-factor-enrol');
    const good = await freshCode(secret);
    await page.getByLabel('Authentication code').fill(String((Number(good) + 7) % 1_000_000).padStart(6, '0'));
    await turnOn.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
    await page.getByLabel('Authentication code').fill(good);
    await turnOn.click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!.trim();
    await checkScreen(page, 'profile-two-factor-recovery-codes');
    await page.getByRole('button', { name: 'I saved my codes' }).click();
    await page.getByText('Two-factor authentication is on').waitFor();
    await page.getByText('10 recovery codes left').waitFor();
    await checkScreen(page, 'profile-two-factor-on');
    // Turning it on ended every earlier session; this page goes on with the fresh token it got.
    const after = await page.evaluate(() => localStorage.getItem('jwt_token'));
    expect(after).not.toBe(before);
    expect((await apiPost(s, '/user', {}, before!)).status()).toBe(401);
    expect((await apiPost(s, '/user', {}, after!)).status()).toBe(200);

    await page.getByLabel('Authentication or recovery code').fill('000000');
    await page.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid code' }).waitFor();
    await page.getByLabel('Authentication or recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await expectToast(page, 'Two-factor authentication has been turned off.', 'success');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('the tab at phone width', async () => {
    const s = await open(browser, 'phone');
    const { page } = s;
    await loginViaApi(s, DEMO);
    await goto(page, '/profile/two-factor-auth');
    await page.getByLabel('Current password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    await checkScreen(page, 'profile-two-factor-enrol');
    await s.close();
  });
});
