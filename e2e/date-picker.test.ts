import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  scrollsSideways,
} from './helpers/browser.ts';

/**
 * The date-range picker on a phone (390×844) and a desktop (docs/screens.md "Date-range picker"):
 * the panel stays inside the screen, and days after today (in the profile's zone) cannot be picked.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo user's profile zone (demo seed). */
const ZONE = 'America/Toronto';
const dayIn = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

describe('date-range picker', () => {
  for (const width of ['phone', 'desktop'] as const) {
    test(`${width}: the panel is inside the screen; days after today are disabled`, async () => {
      const s = await open(browser, width);
      const { page } = s;
      await loginViaApi(s, DEMO);
      await goto(page, '/reports/daily-summary');
      await page.getByText(/Data as of \d/).waitFor();
      if (width === 'phone') await page.getByRole('button', { name: /Show filters$/ }).click();
      await page.getByRole('button', { name: /^Date range: Today/ }).click();
      const panel = page.getByRole('dialog', { name: 'Date range' });
      await panel.waitFor();
      const calendar = panel.locator('[data-calendar="start"]');
      await calendar.getByRole('grid').waitFor();

      // Inside the viewport: the panel and the calendar, all of it, without scrolling the page sideways.
      const viewport = page.viewportSize()!;
      for (const box of [await panel.boundingBox(), await calendar.boundingBox()]) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      }
      expect(await scrollsSideways(page)).toBe(false);

      // Today can be chosen; the days after it cannot, nor the next month.
      const today = dayIn(new Date());
      // The month's own days (another month's are blank cells); a disabled one's button is disabled.
      const days = await calendar.locator('td[data-day]:not([data-hidden])').evaluateAll((tds) =>
        tds.map((td) => {
          const button = td.querySelector('button');
          return {
            day: td.getAttribute('data-day')!,
            disabled: !button || button.disabled || button.getAttribute('aria-disabled') === 'true',
          };
        }),
      );
      expect(days.find((d) => d.day === today)).toEqual({ day: today, disabled: false });
      const future = days.filter((d) => d.day > today);
      expect(future.every((d) => d.disabled)).toBe(true);
      expect(days.filter((d) => d.day < today).every((d) => !d.disabled)).toBe(true);
      expect(await calendar.getByRole('button', { name: /next month/i }).isDisabled()).toBe(true);
      if (future.length > 0) {
        // A tap on one changes nothing.
        await calendar.locator(`td[data-day="${future[0]!.day}"] button`).click({ force: true });
        expect(await panel.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe(
          today.replaceAll('-', '/'),
        );
      }
      await checkScreen(page, 'date-picker-open');
      expectNoProblems(s);
      await s.close();
    });
  }
});
