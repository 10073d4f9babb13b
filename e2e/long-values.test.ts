import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  type Width,
} from './helpers/browser.ts';

/**
 * Long values (docs/ui.md "Long values"): a sub ID of 254 characters — within the 255 a click may
 * carry (docs/tracking.md) — neither pushes the sub-ID report sideways nor hides the rest of itself:
 * the whole can be read and copied at desktop and phone widths.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Starts with zeros, so the report's default order (sub ID ascending) lists it first.
const LONG = `000-long-${'abcdefghij0123456789'.repeat(13)}`.slice(0, 254);
const dayIn = (d: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

let clickMade = false;

describe('a 254-character sub ID', () => {
  for (const width of ['desktop', 'phone'] as Width[]) {
    test(`the sub-ID report shows it whole on demand, without a sideways scroll (${width})`, async () => {
      const s = await open(browser, width);
      const { page, context } = s;
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const jwt = await loginViaApi(s, DEMO);
      if (!clickMade) {
        const link = await apiPost(s, '/offer-tracking-link', { offer_id: 1 }, jwt);
        expect(link.status()).toBe(200);
        const base = ((await link.json()) as { data: { base_url: string } }).data.base_url;
        const click = await context.request.get(`${base}?s1=${encodeURIComponent(LONG)}`, { maxRedirects: 0 });
        expect(click.status()).toBe(302);
        clickMade = true;
      }
      // Yesterday and today in the demo profile's zone.
      const now = Date.now();
      const start = dayIn(new Date(now - 86_400_000), 'America/Toronto');
      await goto(page, `/reports/sub-affiliate-summary?start=${start}&end=${dayIn(new Date(now), 'America/Toronto')}`);

      await page.getByText(LONG.slice(0, 40)).first().waitFor();
      // The page does not scroll sideways.
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
        'no sideways scroll',
      ).toBe(true);

      const show = page.getByRole('button', { name: 'Show all (Sub ID)' }).first();
      await show.click();
      const dialog = page.getByRole('dialog', { name: 'Sub ID' });
      await dialog.waitFor();
      await expect.poll(async () => (await dialog.getByTestId('long-value').textContent())?.trim()).toBe(LONG);
      // The whole value is in view: its box fits the window.
      const box = await dialog.boundingBox();
      const viewport = page.viewportSize()!;
      expect(box!.x >= 0 && box!.x + box!.width <= viewport.width).toBe(true);
      await checkScreen(page, `long-sub-id-${width}`);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.getByText('Copied!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LONG);

      // Escape closes it and gives the focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // Keyboard: the button opens it with Enter as well.
      await show.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      // The focus is on its Copy button.
      await expect.poll(() => page.evaluate(() => document.activeElement?.outerHTML)).toMatch(/>Cop(y|ied!)</);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth),
        'no sideways scroll after',
      ).toBe(true);
      expectNoProblems(s);
      await s.close();
    });
  }
});
