import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  baseUrl,
  checkScreen,
  columnHeaders,
  DEMO,
  expectNoProblems,
  launch,
  loginViaApi,
  open,
  recordCalls,
  scrollsSideways,
  type Session,
} from './helpers/browser.ts';

/** The dashboard (docs/screens.md, "Dashboard") against the demo network. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ZONE = 'America/Toronto';
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function openDashboard(
  width: 'desktop' | 'phone' = 'desktop',
): Promise<Session & { jwt: string; campaign: ReturnType<typeof recordCalls>; total: ReturnType<typeof recordCalls> }> {
  const s = await open(browser, width);
  const campaign = recordCalls(s.page, '/report/campaign');
  const total = recordCalls(s.page, '/report-total/campaign');
  const jwt = await loginViaApi(s, DEMO);
  await s.page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return { ...s, jwt, campaign, total };
}

describe('Dashboard', () => {
  test('campaign summary for today: request, columns, links, totals, drill-down to the daily summary', async () => {
    const s = await openDashboard();
    const { page, campaign, total, jwt } = s;
    const table = page.getByRole('table', { name: 'Campaign summary' });
    await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
    const summary = campaign.find((c) => c.body['limit'] === 20)!;
    expect(summary.body).toEqual({
      filters: { date_range: { start: today(), end: today() }, offer_id: null, landing_page_id: null },
      limit: 20,
      sort: 'campaign_id',
      order: 1,
    });
    // The totals are asked with the list's own body, without a cursor (sort and order included).
    await expect.poll(() => total.length).toBeGreaterThan(0);
    expect(total[0]!.body).toEqual(summary.body);
    await page.getByRole('button', { name: 'Earnings', exact: true }).click();
    await expect.poll(() => total.length).toBe(2);
    expect(total[1]!.body).toEqual({ ...summary.body, sort: 'earnings', order: 1 });
    expect(await columnHeaders(page, 'Campaign summary')).toEqual([
      'Campaign',
      'Clicks',
      'Conversions',
      'CVR',
      'Earnings',
      'EPC',
      'Drill down',
    ]);
    const first = table.locator('tbody tr:not([aria-hidden])').first();
    const link = first.getByRole('link');
    expect(await link.getAttribute('href')).toMatch(/^\/offers\/\d+\/details$/);
    expect(await first.locator('td').nth(3).textContent()).toMatch(/^\d+\.\d{2}%$/);

    const totals = (await (
      await apiPost(s, '/report-total/campaign', { filters: { date_range: { start: today(), end: today() } } }, jwt)
    ).json()) as {
      data: { clicks: number; earnings: number; pending_earnings: number };
    };
    const foot = table.locator('tfoot td');
    expect(await foot.nth(0).textContent()).toBe('Total');
    await expect.poll(() => foot.nth(1).textContent()).toBe(totals.data.clicks.toLocaleString('en-US'));
    // Approved earnings, and under them what is still pending (the demo holds some conversions).
    const pending = totals.data.pending_earnings > 0 ? `${money(totals.data.pending_earnings)} pending` : '';
    expect(await foot.nth(4).textContent()).toBe(`${money(totals.data.earnings)}${pending}`);

    const name = (await link.textContent())!;
    const offerId = (await link.getAttribute('href'))!.split('/')[2];
    await first.getByRole('button', { name: `Drill down on ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Daily summary' }).click();
    await page.waitForURL(new RegExp(`/reports/daily-summary\\?start=${today()}&end=${today()}&offer=${offerId}$`));
    // The offer's filter chip names it (a phone's period line, hidden here, names it too).
    await page.getByText(name).filter({ visible: true }).first().waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('sidebar: week and month so far, latest invoices, top campaigns, latest offers, referral link', async () => {
    const s = await openDashboard();
    const { page, jwt } = s;
    const week = (await (await apiPost(s, '/week-to-date-summary', {}, jwt)).json()) as { revenue: number };
    const month = (await (await apiPost(s, '/month-to-date-summary', {}, jwt)).json()) as { revenue: number };
    const earnings = page.getByRole('region', { name: 'Earnings so far' });
    await earnings.getByText(money(week.revenue)).waitFor();
    await earnings.getByText(money(month.revenue)).waitFor();

    const invoices = page.getByRole('region', { name: 'Latest invoices' });
    await invoices.getByText('Paid').first().waitFor();
    expect(await invoices.getByRole('link', { name: /View all/ }).getAttribute('href')).toBe('/invoices');

    const top = page.getByRole('list', { name: 'Top campaigns' });
    await top.getByRole('listitem').first().waitFor();
    const counts = (await top.getByRole('listitem').allTextContents()).map((t) => Number(/(\d+)$/.exec(t)![1]));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.length).toBeLessThanOrEqual(5);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);

    const offers = page.getByRole('region', { name: 'Latest offers' });
    await offers.getByRole('link').nth(1).waitFor();
    expect(await offers.getByRole('listitem').count()).toBe(5);
    await page.getByTestId('referral-link').getByText(`${baseUrl()}/signup/demo2026`).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('a day without traffic still says something useful', async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    await page.route('**/api/v1/report/campaign', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          timezone: ZONE,
          data_as_of: new Date().toISOString(),
          data: [],
          cursor: { next: null },
        }),
      }),
    );
    await loginViaApi(s, DEMO);
    await page.getByText('No available data for the requested period').waitFor();
    await page.getByRole('region', { name: 'Earnings so far' }).getByText('Week to Date').waitFor();
    await page.getByRole('region', { name: 'Latest offers' }).getByRole('link').nth(1).waitFor();
    await page.getByRole('region', { name: 'Top campaigns by conversions' }).getByText('No data').waitFor();
    await page.unroute('**/api/v1/report/campaign');
    await page.getByRole('button', { name: 'Show this month' }).click();
    await page.getByRole('button', { name: /^Date range: \d{4}\/\d{2}\/01 → / }).waitFor();
    await page
      .getByRole('table', { name: 'Campaign summary' })
      .locator('tbody tr:not([aria-hidden])')
      .first()
      .waitFor();
    await s.close();
  });

  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: accessible, no sideways scrolling${width === 'phone' ? ', the sidebar folds' : ''}`, async () => {
      const s = await openDashboard(width);
      const { page } = s;
      if (width === 'phone') {
        const fold = page.getByRole('button', { name: 'Earnings, invoices, top campaigns and offers' });
        expect(await page.getByRole('region', { name: 'Latest invoices' }).isVisible()).toBe(false);
        await fold.click();
        expect(await fold.getAttribute('aria-expanded')).toBe('true');
        await page.getByRole('region', { name: 'Latest invoices' }).waitFor();
        await page.getByRole('region', { name: 'Earnings so far' }).getByText(/^\$/).first().waitFor();
        expect(await page.getByRole('table').count()).toBe(0);
      } else {
        await page.getByRole('region', { name: 'Earnings so far' }).getByText(/^\$/).first().waitFor();
        await page.getByRole('list', { name: 'Top campaigns' }).waitFor();
      }
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'dashboard');
      expectNoProblems(s);
      await s.close();
    });
  }
});
