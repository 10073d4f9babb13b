import type { Browser, Page } from 'playwright-core';
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
  type Session,
} from './helpers/browser.ts';

/**
 * One way of writing days (`2026-11-24`) and one of writing times (`2026-11-24 9:04:38 PM`) on every
 * publisher screen, in the profile's time zone; headers and labels in Title Case, never upper-cased
 * (docs/limits.md "Formats").
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ZONE = 'America/Toronto';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2} (AM|PM)$/;
const dayIn = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const daysAgo = (n: number) => dayIn(new Date(Date.now() - n * 86_400_000));

async function session(width: 'desktop' | 'phone' = 'desktop'): Promise<Session & { jwt: string }> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  return { ...s, jwt };
}

const transformOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.map((e) => getComputedStyle(e).textTransform));

describe('days and times', () => {
  test('reports: rows and the data-as-of instant are times of one format', async () => {
    const s = await session();
    const { page } = s;
    await goto(page, `/reports/conversion?start=${daysAgo(20)}&end=${daysAgo(1)}`);
    const asOf = page.getByTestId('report-context').locator('strong').nth(1);
    await expect.poll(() => asOf.textContent(), { timeout: 15_000 }).toMatch(TIME);
    const table = page.getByRole('table', { name: 'Conversion Report' });
    const first = table.locator('tbody tr:not([aria-hidden])').first();
    await first.waitFor();
    expect(await first.locator('td').nth(0).textContent()).toMatch(TIME);
    expect(await first.locator('td').nth(1).textContent()).toMatch(TIME);
    expectNoProblems(s);
    await s.close();
  });

  test("an offer's expiry, the profile clock's day and an invoice's issue day are days of one format", async () => {
    const s = await session();
    const { page, jwt } = s;
    const details = (await (await apiPost(s, '/offer-details', { offer_id: 1 }, jwt)).json()) as {
      data: { offer_expire_date: string | null };
    };
    expect(details.data.offer_expire_date).not.toBeNull();
    await goto(page, '/offers/1/details');
    await page.getByText(details.data.offer_expire_date!.slice(0, 10), { exact: true }).waitFor();

    await goto(page, '/profile/time-zone');
    const clock = page.getByLabel('Clock');
    await clock.getByTestId('clock-local').waitFor();
    await expect.poll(() => clock.getByText(/ · America\/Toronto$/).textContent()).toMatch(/^\d{4}-\d{2}-\d{2} · /);

    const invoices = (await (await apiPost(s, '/invoice-list', { limit: 1 }, jwt)).json()) as {
      data: { id: number }[];
    };
    await goto(page, `/invoices/${invoices.data[0]!.id}`);
    const issued = page.locator('dt', { hasText: 'Issued' }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => issued.textContent()).toMatch(DAY);
    expectNoProblems(s);
    await s.close();
  });
});

describe('Title Case headers and labels', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: the URL variables table and the offer's facts are not upper-cased`, async () => {
      const s = await session(width);
      const { page } = s;
      await goto(page, '/global-pixel-postback');
      await page.getByRole('button', { name: 'Add Pixel / Postback' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Pixel / Postback' });
      const variables = dialog.getByRole('table', { name: 'URL variables you can use in the value' });
      await variables.waitFor();
      expect(await variables.getByRole('columnheader').allTextContents()).toEqual(['Variable', 'Replaced With']);
      expect(await transformOf(page, 'table thead')).not.toContain('uppercase');
      expect(
        await variables
          .getByRole('columnheader')
          .evaluateAll((els) => els.map((e) => getComputedStyle(e).textTransform)),
      ).toEqual(['none', 'none']);
      await checkScreen(page, 'url-variables-title-case');
      await dialog.getByRole('button', { name: 'Dismiss' }).click();

      await goto(page, '/offers/1/details');
      await page.getByText('Conversion Tracking', { exact: true }).waitFor();
      const upper = await page.evaluate(
        () =>
          [...document.querySelectorAll('main *')].filter(
            (e) => getComputedStyle(e).textTransform === 'uppercase' && e.textContent?.trim(),
          ).length,
      );
      expect(upper).toBe(0);
      await checkScreen(page, 'offer-details-title-case');
      expectNoProblems(s);
      await s.close();
    });
  }
});
