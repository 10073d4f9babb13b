import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APPLICATION_REJECTIONS, ARRIVAL_REJECTION, ORDER_REJECTIONS } from '../apps/server/src/seed/demo-statuses.ts';
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
  recordCalls,
  scrollsSideways,
  type Session,
  type Width,
} from './helpers/browser.ts';

/**
 * The publisher's side of the money (docs/money.md) against the demo publisher, whose held and
 * manually approved offers have pending, approved and rejected conversions (demo seed): the
 * Conversion Report's Status column and filter, the dashboard's pending earnings, Payment details.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ZONE = 'America/Toronto';
const dayIn = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const REASONS = new Set<string>([...ORDER_REJECTIONS, ...APPLICATION_REJECTIONS, ARRIVAL_REJECTION]);
const STATUS = /^(Approved|Pending|Rejected|Reversed)$/;

async function session(width: Width): Promise<Session & { jwt: string }> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  return { ...s, jwt };
}

/** The report's rows: the table on a desktop, the cards on a phone. */
const rowsOf = (page: Page, width: Width) =>
  page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Conversion Report' });

describe('money, the publisher’s side', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: the Conversion Report shows each status, a rejected one with its reason; filtered to Pending`, async () => {
      const s = await session(width);
      const { page } = s;
      const range = `start=${dayIn(new Date(Date.now() - 35 * 86_400_000))}&end=${dayIn(new Date())}`;

      // Rejected ones, each with the reason it was given.
      await goto(page, `/reports/conversion?${range}&status=rejected`);
      const rows = rowsOf(page, width);
      await rows.getByText('Rejected', { exact: true }).first().waitFor();
      const statuses = await rows.getByText(STATUS).allTextContents();
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['Rejected']));
      const badge = rows.getByText('Rejected', { exact: true }).first();
      const reason = await badge.evaluate((el) => el.nextElementSibling?.textContent ?? null);
      expect(REASONS.has(reason ?? ''), `reason ${reason}`).toBe(true);
      await checkScreen(page, 'conversion-report-rejected');

      // Every status at first; the Status filter narrows it to Pending and says so in the address.
      const calls = recordCalls(page, '/report/conversion');
      await goto(page, `/reports/conversion?${range}`);
      await rows.getByText(STATUS).first().waitFor();
      if (width === 'phone') await page.getByRole('button', { name: /Show filters$/ }).click();
      const filter = page.getByRole('combobox', { name: 'Status' });
      await filter.click();
      await page.getByRole('option', { name: 'Pending', exact: true }).click();
      await page.keyboard.press('Escape');
      await page.waitForURL(/[?&]status=pending(&|$)/);
      await expect.poll(() => calls.at(-1)?.body['filters']).toMatchObject({ status: ['pending'] });
      await expect.poll(async () => [...new Set(await rows.getByText(STATUS).allTextContents())]).toEqual(['Pending']);
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'conversion-report-pending');
      expectNoProblems(s);
      await s.close();
    });

    test(`${width}: the dashboard's earnings so far show what is pending under each figure`, async () => {
      const s = await session(width);
      const { page, jwt } = s;
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      if (width === 'phone')
        await page.getByRole('button', { name: 'Earnings, invoices, top campaigns and offers' }).click();
      const region = page.getByRole('region', { name: 'Earnings so far' });
      type Summary = { revenue: number; pending: number };
      const week = (await (await apiPost(s, '/week-to-date-summary', {}, jwt)).json()) as Summary;
      const month = (await (await apiPost(s, '/month-to-date-summary', {}, jwt)).json()) as Summary;
      // The demo holds conversions this month (the held offer waits a week).
      expect(month.pending).toBeGreaterThan(0);
      for (const [label, figures] of [
        ['Week to Date', week],
        ['Month to Date', month],
      ] as const) {
        const card = region
          .locator('div')
          .filter({ has: page.getByText(label, { exact: true }) })
          .last();
        await expect.poll(() => card.getByText(/^Pending/).textContent()).toBe(`Pending ${money(figures.pending)}`);
        expect(await card.getByText(money(figures.revenue), { exact: true }).count()).toBe(1);
      }
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'dashboard-pending');
      expectNoProblems(s);
      await s.close();
    });
  }

  test('payment details: refused with a wrong password, saved with the current one, payments paused 72 hours', async () => {
    for (const width of ['desktop', 'phone'] as const) {
      const s = await session(width);
      const { page } = s;
      await goto(page, '/profile/payment-details');
      const form = page.getByRole('form', { name: 'Payment details' });
      await form.waitFor();
      // The pause is told before a change is saved.
      await form.getByText('A change is e-mailed to you and pauses payments for 72 hours.', { exact: true }).waitFor();
      // The demo publisher is paid by PayPal (demo seed), or by what the first pass saved.
      const method = form.getByLabel('Payment method');
      await method.selectOption('paypal');
      const email = form.getByLabel('PayPal e-mail');
      const saved = `payouts+${width}@demo-media.test`;
      await email.fill(saved);

      // A wrong password: refused in the spec's words, at the field, nothing saved.
      await form.getByLabel('Current Password').fill('not-the-password');
      await form.getByRole('button', { name: 'Save payment details' }).click();
      await form.getByText('Invalid credentials.', { exact: true }).waitFor();
      expect(await form.getByLabel('Current Password').getAttribute('aria-invalid')).toBe('true');
      await checkScreen(page, 'payment-details-refused');

      // The current password: saved, the pause told in a toast and on the tab.
      await form.getByLabel('Current Password').fill(DEMO.password);
      await form.getByRole('button', { name: 'Save payment details' }).click();
      await expectToast(page, 'Your payment details are saved. Payments are paused for 72 hours.', 'success');
      await form.getByText(/^Your payment details changed recently: payments are paused until /).waitFor();
      expect(await form.getByLabel('Current Password').inputValue()).toBe('');

      // After a reload the saved details are what the tab shows.
      await page.reload();
      await form.getByText(/payments are paused until/).waitFor();
      await expect.poll(() => form.getByLabel('PayPal e-mail').inputValue()).toBe(saved);
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'payment-details-saved');
      expectNoProblems(s);
      await s.close();
    }
    // The seed's address back (the pause stays: no other file reads it).
    const s = await session('desktop');
    const r = await apiPost(
      s,
      '/payment-details/update',
      { method: 'paypal', paypal_email: 'payouts@demo-media.test', password: DEMO.password },
      s.jwt,
    );
    expect(r.status()).toBe(200);
    await s.close();
  });
});
