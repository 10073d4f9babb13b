import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  loginViaApi,
  open,
  type Width,
} from './helpers/browser.ts';

/** The postback signing secret panel on Global Pixels And Postbacks: reveal, copy, rotate. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SECRET = /whsec_[A-Za-z0-9+/]{43}=/;

async function openPage(width: Width) {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  await goto(s.page, '/global-pixel-postback');
  await s.page.getByRole('heading', { level: 1, name: 'Global Pixels And Postbacks' }).waitFor();
  const panel = s.page.getByRole('region', { name: 'Signing secret' });
  await panel.getByTestId('signing-secret').waitFor();
  return { ...s, jwt, panel };
}

describe('Postback signing secret', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`masked until revealed, copied, rotated after a confirmation (${width})`, async () => {
      const s = await openPage(width);
      const { page, context, panel, jwt } = s;
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const current = async () => {
        const r = await apiPost(s, '/postback-signing-secret', {}, jwt);
        expect(r.status()).toBe(200);
        return ((await r.json()) as { data: { postback_signing_secret: string } }).data.postback_signing_secret;
      };
      const before = await current();
      const shown = panel.getByTestId('signing-secret');

      // Masked: the prefix only, nothing of the key.
      expect(await shown.textContent()).not.toMatch(SECRET);
      expect(await shown.textContent()).toContain('whsec_••••');
      // The list below (a table on desktop, stacked cards on a phone) has loaded.
      await page.getByText('Main tracker').first().waitFor();
      await checkScreen(page, 'postback-signing-masked');

      const reveal = panel.getByRole('button', { name: 'Reveal' });
      expect(await reveal.getAttribute('aria-pressed')).toBe('false');
      await reveal.click();
      await expect.poll(() => shown.textContent()).toContain(before);
      expect(await panel.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');

      await panel.getByRole('button', { name: 'Copy' }).click();
      await panel.getByText('Copied!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);

      // Rotate asks first; Cancel changes nothing.
      await panel.getByRole('button', { name: 'Rotate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
      await dialog.waitFor();
      await checkScreen(page, 'postback-signing-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await current()).toBe(before);

      await panel.getByRole('button', { name: 'Rotate' }).click();
      await dialog.getByRole('button', { name: 'Rotate secret' }).click();
      await expectToast(page, 'Signing secret rotated', 'success');
      await dialog.waitFor({ state: 'hidden' });
      const after = await current();
      expect(after).not.toBe(before);
      expect(after).toMatch(SECRET);
      // The panel shows the new value (still revealed), not the old one.
      await expect.poll(() => shown.textContent()).toContain(after);
      expect(await shown.textContent()).not.toContain(before);
      await checkScreen(page, 'postback-signing-rotated');
      expectNoProblems(s);
      await s.close();
    });
  }

  test('a failed rotation says so in an error toast and keeps the secret', async () => {
    const s = await openPage('desktop');
    const { page, panel } = s;
    const before = (await panel.getByTestId('signing-secret').textContent()) ?? '';
    await page.route('**/api/v1/postback-signing-secret/rotate', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await panel.getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await expectToast(page, 'could not be rotated', 'error');
    // The confirmation stays open so the publisher may try again or cancel.
    expect(await dialog.isVisible()).toBe(true);
    expect(await panel.getByTestId('signing-secret').textContent()).toBe(before);
    await s.close();
  });
});
