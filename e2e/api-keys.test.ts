import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  baseUrl,
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  loginViaApi,
  open,
  scrollsSideways,
  type Width,
} from './helpers/browser.ts';

/**
 * Profile → API Keys: create with the password (the key shown once, copied), its access and expiry
 * in the list, what ends a key said on the page, revoke.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const KEY = /^ppk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;

/** A call from a tool outside the browser (no cookies), with the key in X-Api-Key. */
const callWithKey = (key: string, path = '/offer-list') =>
  fetch(`${baseUrl()}/api/v1${path}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: '{"limit":1}',
  }).then((r) => r.status);

async function openTab(width: Width) {
  const s = await open(browser, width);
  await loginViaApi(s, DEMO);
  await goto(s.page, '/profile/api-keys');
  await s.page.getByRole('tab', { name: 'API Keys', selected: true }).waitFor();
  await s.page.getByRole('heading', { level: 3, name: 'Your keys' }).waitFor();
  await s.page.getByText('Loading your API keys…').waitFor({ state: 'hidden' });
  return s;
}

describe('Profile → API Keys', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`creates a key shown once, copies it, lists it and revokes it (${width})`, async () => {
      const s = await openTab(width);
      const { page, context } = s;
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await checkScreen(page, 'api-keys-tab');
      expect(await scrollsSideways(page)).toBe(false);

      // The page says what ends a key.
      await page.getByText('Every key of yours stops at once when you use Log out everywhere').waitFor();

      const name = `Report sync ${width} ${Date.now().toString(36)}`;
      const create = page.getByRole('button', { name: 'Create key' });
      expect(await create.isDisabled()).toBe(true);
      await page.getByLabel('Key name').fill(name);
      expect(await page.getByLabel('Access').inputValue()).toBe('read');
      expect(await page.getByLabel('Expires after').inputValue()).toBe('90');
      await page.getByLabel('Expires after').selectOption({ label: '30 days' });
      // Not without the password; a wrong one is said under the field and makes nothing.
      expect(await create.isDisabled()).toBe(true);
      const password = page.getByLabel('Current password');
      await password.fill('not-the-password');
      await create.click();
      await page.getByText('Invalid credentials.').waitFor();
      expect(await password.getAttribute('aria-invalid')).toBe('true');
      await checkScreen(page, 'api-keys-wrong-password');
      await password.fill(DEMO.password);
      await create.click();
      await expectToast(page, 'API key created', 'success');

      // Shown once, in full, with a copy button.
      const shown = page.getByTestId('new-api-key');
      await shown.waitFor();
      const key = ((await shown.textContent()) ?? '').replace('Your new API key: ', '').trim();
      expect(key).toMatch(KEY);
      await page.getByRole('button', { name: 'Copy key' }).click();
      await page.getByText('Copied!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'api-keys-created');

      // It is a real key: a tool outside the browser reads offers with it, but not the postbacks
      // (scope read).
      expect(await callWithKey(key)).toBe(200);
      expect(await callWithKey(key, '/postback-table')).toBe(403);

      // Done: the key is gone from the page for good (the server keeps only its hash).
      await page.getByRole('button', { name: 'Done' }).click();
      await shown.waitFor({ state: 'hidden' });
      expect(await page.content()).not.toContain(key);
      await page.reload();
      await page.getByRole('heading', { level: 3, name: 'Your keys' }).waitFor();
      const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'API keys' });
      await list.getByText(name).waitFor();
      expect(await page.content()).not.toContain(key);

      // Listed by name and prefix, with its last use (the call above) and its expiry.
      const row = list.getByRole(width === 'desktop' ? 'row' : 'listitem').filter({ hasText: name });
      const prefix = key.slice(0, 12);
      expect(await row.textContent()).toContain(`${prefix}…`);
      expect(await row.textContent()).toContain('Read');
      expect(await row.textContent()).not.toContain('Read & write');
      expect(await row.textContent()).not.toContain('Never used');
      // 30 days from now as the portal shows a day (YYYY-MM-DD, in the profile's zone).
      const expiry = await page.evaluate(() =>
        new Intl.DateTimeFormat('en-CA', {
          timeZone: 'America/Toronto',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }).format(new Date(Date.now() + 30 * 86_400_000)),
      );
      expect(await row.textContent()).toContain(expiry);
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'api-keys-list');

      // Revoke asks first; Cancel keeps the key working.
      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke this API key?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(prefix);
      await checkScreen(page, 'api-keys-revoke-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await callWithKey(key)).toBe(200);

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      await dialog.getByRole('button', { name: 'Revoke key' }).click();
      await expectToast(page, 'API key revoked', 'success');
      await dialog.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
      expect(await callWithKey(key)).toBe(401);
      expectNoProblems(s);
      await s.close();
    });
  }

  test('a failed creation says so in an error toast and shows no key', async () => {
    const s = await openTab('desktop');
    const { page } = s;
    await page.route('**/api/v1/api-key/create', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500"}}' }),
    );
    await page.getByLabel('Key name').fill('Will fail');
    await page.getByLabel('Current password').fill(DEMO.password);
    await page.getByRole('button', { name: 'Create key' }).click();
    await expectToast(page, 'could not be created', 'error');
    expect(await page.getByTestId('new-api-key').count()).toBe(0);
    // The name stays, so the publisher can try again.
    expect(await page.getByLabel('Key name').inputValue()).toBe('Will fail');
    await s.close();
  });
});
