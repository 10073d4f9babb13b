import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  columnHeaders,
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
} from './helpers/browser.ts';

/** Reports (docs/screens.md "Reports", docs/api.md report rows). */
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
const daysAgo = (n: number) => dayIn(new Date(Date.now() - n * 86_400_000));
const TODAY = () => dayIn(new Date());
/** A period of the demo traffic (90 days up to today). */
const RANGE = () => ({ start: daysAgo(20), end: daysAgo(1) });
const q = (r: { start: string; end: string }, extra = '') => `?start=${r.start}&end=${r.end}${extra}`;

async function session(width: 'desktop' | 'phone' = 'desktop'): Promise<Session & { jwt: string }> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  return { ...s, jwt };
}

const waitForCall = async (calls: { body: Record<string, unknown> }[], n: number) => {
  const deadline = Date.now() + 10_000;
  while (calls.length < n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} calls, saw ${calls.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return calls[n - 1]!;
};

const HEADERS: Record<string, { label: string; table: string; headers: string[] }> = {
  'campaign-summary': {
    label: 'Campaign Summary',
    table: 'Campaign Summary',
    headers: [
      'Campaign',
      'Offer ID',
      'Clicks',
      'Conversions',
      'Partials',
      'Upsells',
      'CVR',
      'Earnings',
      'EPC',
      'Drill down',
    ],
  },
  'daily-summary': {
    label: 'Daily Summary',
    table: 'Daily Summary',
    headers: ['Day', 'Clicks', 'Conversions', 'Partials', 'Upsells', 'CVR', 'Earnings', 'EPC', 'Drill down'],
  },
  'hourly-summary': {
    label: 'Hourly Summary',
    table: 'Hourly Summary',
    headers: ['Hour', 'Clicks', 'Conversions', 'Partials', 'Upsells', 'CVR', 'Earnings', 'EPC'],
  },
  'landing-page-summary': {
    label: 'Landing Page Summary',
    table: 'Landing Page Summary',
    headers: [
      'Landing Page',
      'Landing Page ID',
      'Offer',
      'Offer ID',
      'Clicks',
      'Conversions',
      'Partials',
      'Upsells',
      'CVR',
      'Earnings',
      'EPC',
      'Drill down',
    ],
  },
  'sub-affiliate-summary': {
    label: 'Sub-Affiliate Summary',
    table: 'Sub-Affiliate Summary',
    headers: ['Sub ID', 'Clicks', 'Conversions', 'Partials', 'Upsells', 'CVR', 'Earnings', 'EPC', 'Drill down'],
  },
  conversion: {
    label: 'Conversion Report',
    table: 'Conversion Report',
    headers: [
      'Time',
      'Click Time',
      'Offer ID',
      'Offer',
      'Event ID',
      'Sub ID 1',
      'Sub ID 2',
      'Sub ID 3',
      'Sub ID 4',
      'Sub ID 5',
      'Source',
      'Earnings',
      'Status',
    ],
  },
  click: {
    label: 'Click Report',
    table: 'Click Report',
    headers: [
      'Time',
      'Offer',
      'Sub ID 1',
      'Sub ID 2',
      'Sub ID 3',
      'Sub ID 4',
      'Sub ID 5',
      'Click ID',
      'Source',
      'IP Address',
      'Conversion',
    ],
  },
  referral: {
    label: 'Referral Report',
    table: 'Referral Report',
    headers: ['Referred Publisher', 'Offer', 'Conversions', 'Commission', 'Payout Total', 'Drill down'],
  },
};

describe('Reports', () => {
  test('eight tabs mapped to their URLs; defaults today → today with no offer or landing page; filters shared across tabs', async () => {
    const s = await session();
    const { page } = s;
    const campaign = recordCalls(page, '/report/campaign');
    await goto(page, '/reports');
    await page.waitForURL(/\/reports\/campaign-summary$/);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual(Object.values(HEADERS).map((h) => h.label));
    const first = await waitForCall(campaign, 1);
    expect(first.body).toEqual({
      filters: { date_range: { start: TODAY(), end: TODAY() }, offer_id: null, landing_page_id: null },
      limit: 20,
      sort: 'campaign_id',
      order: 1,
    });
    await page.getByRole('button', { name: /^Date range: Today/ }).waitFor();

    // A range in the URL is every tab's range; a tab switch keeps it.
    const range = RANGE();
    const daily = recordCalls(page, '/report/daily');
    await goto(page, `/reports/campaign-summary${q(range)}`);
    await page.getByRole('tab', { name: 'Daily Summary' }).click();
    await page.waitForURL(new RegExp(`/reports/daily-summary\\?start=${range.start}&end=${range.end}$`));
    expect((await waitForCall(daily, 1)).body['filters']).toEqual({
      date_range: range,
      offer_id: null,
      landing_page_id: null,
    });
    await page.getByTestId('report-context').getByText(`Days and times in ${ZONE}`).waitFor();
    await page
      .getByTestId('report-context')
      .getByText(/Data as of \d/)
      .waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('every report has the columns of docs/api.md, formats and the totals row of the API', async () => {
    const s = await session();
    const { page, jwt } = s;
    const range = RANGE();
    for (const [route, h] of Object.entries(HEADERS)) {
      await goto(page, `/reports/${route}${q(range)}`);
      const table = page.getByRole('table', { name: h.table });
      await table.locator('tbody tr:not([aria-hidden])').first().waitFor();
      expect(await columnHeaders(page, h.table), route).toEqual(h.headers);
    }
    // Totals equal report-total for the same filters.
    await goto(page, `/reports/campaign-summary${q(range)}`);
    const total = (await (
      await apiPost(s, '/report-total/campaign', { filters: { date_range: range } }, jwt)
    ).json()) as { data: { clicks: number; earnings: number; pending_earnings: number; cvr: number; epc: number } };
    const foot = page.getByRole('table', { name: 'Campaign Summary' }).locator('tfoot td');
    await expect.poll(() => foot.nth(2).textContent()).toBe(total.data.clicks.toLocaleString('en-US'));
    expect(await foot.nth(0).textContent()).toBe('Total');
    expect(await foot.nth(6).textContent()).toBe(`${total.data.cvr.toFixed(2)}%`);
    const dollars = (n: number) =>
      `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    // Approved earnings, and under them what is still pending (the demo holds some conversions).
    const pending = total.data.pending_earnings > 0 ? `${dollars(total.data.pending_earnings)} pending` : '';
    expect(await foot.nth(7).textContent()).toBe(`${dollars(total.data.earnings)}${pending}`);
    // EPC always with four decimals, so the column lines up.
    expect(await foot.nth(8).textContent()).toBe(
      `$${total.data.epc.toLocaleString('en-US', { minimumFractionDigits: 4, maximumFractionDigits: 4 })}`,
    );
    // Click report: Yes/No; conversion report: times in the user's zone.
    await goto(page, `/reports/click${q(range)}`);
    const conv = page.getByRole('table', { name: 'Click Report' }).locator('tbody tr:not([aria-hidden]) td:last-child');
    await conv.first().waitFor();
    expect(new Set(await conv.allTextContents()).size).toBeGreaterThan(0);
    for (const v of await conv.allTextContents()) expect(['Yes', 'No']).toContain(v);
    await goto(page, `/reports/conversion${q(range)}`);
    const time = page
      .getByRole('table', { name: 'Conversion Report' })
      .locator('tbody tr:not([aria-hidden]) td:first-child')
      .first();
    await expect.poll(() => time.textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    await s.close();
  });

  test('drill-downs of docs/screens.md carry their filters', async () => {
    const s = await session();
    const { page } = s;
    const range = RANGE();
    // Campaign → Daily with the offer.
    await goto(page, `/reports/campaign-summary${q(range)}`);
    await page.getByRole('button', { name: 'Drill down on Northwind Summer Sale' }).click();
    await page.getByRole('menuitem', { name: 'Daily' }).click();
    await page.waitForURL(new RegExp(`/reports/daily-summary\\?start=${range.start}&end=${range.end}&offer=1$`));
    await page.getByRole('combobox', { name: 'Offers' }).waitFor();
    await page.getByText('Northwind Summer Sale', { exact: true }).first().waitFor();
    // Daily → Hourly for that day, the offer kept.
    const hourly = recordCalls(page, '/report/hourly');
    const day = range.start;
    await page.getByRole('button', { name: `Drill down on ${day}` }).click();
    await page.getByRole('menuitem', { name: 'Hourly' }).click();
    await page.waitForURL(new RegExp(`/reports/hourly-summary\\?start=${day}&end=${day}&offer=1$`));
    expect((await waitForCall(hourly, 1)).body['filters']).toEqual({
      date_range: { start: day, end: day },
      offer_id: [1],
      landing_page_id: null,
    });
    // Campaign → Hourly with the offer.
    await goto(page, `/reports/campaign-summary${q(range)}`);
    await page.getByRole('button', { name: 'Drill down on Northwind Summer Sale' }).click();
    await page.getByRole('menuitem', { name: 'Hourly' }).click();
    await page.waitForURL(new RegExp(`/reports/hourly-summary\\?start=${range.start}&end=${range.end}&offer=1$`));
    // Landing page → Campaign, Daily and Hourly, each with its offer and landing page.
    for (const [item, report] of [
      ['Campaign', 'campaign-summary'],
      ['Daily', 'daily-summary'],
      ['Hourly', 'hourly-summary'],
    ] as const) {
      await goto(page, `/reports/landing-page-summary${q(range)}`);
      await page.getByRole('button', { name: 'Drill down on Main store' }).click();
      await page.getByRole('menuitem', { name: item, exact: true }).click();
      await page.waitForURL(new RegExp(`/reports/${report}\\?start=${range.start}&end=${range.end}&offer=1&lp=1$`));
    }
    // Sub-ID → the campaign summary for one day.
    await goto(page, `/reports/sub-affiliate-summary${q(range)}`);
    await page
      .getByRole('button', { name: /^Drill down on / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Campaign (one day)' }).click();
    await page.waitForURL(new RegExp(`/reports/campaign-summary\\?start=${range.start}&end=${range.start}$`));
    // Referral → the campaign summary for one day.
    await goto(page, `/reports/referral${q(range)}`);
    await page
      .getByRole('button', { name: /^Drill down on / })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Campaign (one day)' }).click();
    await page.waitForURL(new RegExp(`/reports/campaign-summary\\?start=${range.start}&end=${range.start}$`));
    // Daily → Campaign for that day.
    await goto(page, `/reports/daily-summary${q(range)}`);
    await page.getByRole('button', { name: `Drill down on ${day}` }).click();
    await page.getByRole('menuitem', { name: 'Campaign' }).click();
    await page.waitForURL(new RegExp(`/reports/campaign-summary\\?start=${day}&end=${day}$`));
    expectNoProblems(s);
    await s.close();
  });

  test('offer and landing page filters, sort, infinite scroll, charts only on daily and hourly, empty period', async () => {
    const s = await session();
    const { page } = s;
    const range = RANGE();
    const calls = recordCalls(page, '/report/campaign');
    await goto(page, `/reports/campaign-summary${q(range)}`);
    await waitForCall(calls, 1);
    expect(await page.getByRole('combobox', { name: 'Landing pages' }).isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Offers' }).click();
    await page.getByRole('combobox', { name: 'Offers' }).fill('Summer');
    await page.getByRole('option', { name: '[1] Northwind Summer Sale' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => calls.at(-1)!.body['filters']).toMatchObject({ offer_id: [1] });
    await page.waitForURL(/&offer=1$/);
    await page.getByRole('combobox', { name: 'Landing pages' }).click();
    await page.getByRole('option', { name: 'Quiz: find your fit' }).click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => calls.at(-1)!.body['filters'])
      .toMatchObject({ offer_id: [1], landing_page_id: [expect.any(Number)] });

    await page.getByRole('button', { name: 'Earnings', exact: true }).click();
    await expect.poll(() => calls.at(-1)!.body).toMatchObject({ sort: 'earnings', order: 1 });

    const conversions = recordCalls(page, '/report/conversion');
    await goto(page, `/reports/conversion?start=${daysAgo(30)}&end=${daysAgo(1)}`);
    await page.getByText('20+ results').waitFor();
    await page.mouse.wheel(0, 6000);
    await expect.poll(() => conversions.length).toBeGreaterThan(1);
    expect(typeof conversions[1]!.body['cursor']).toBe('string');
    expect(await page.getByRole('img', { name: /^Chart of/ }).count()).toBe(0);

    await goto(page, `/reports/daily-summary${q(range)}`);
    await page.getByRole('img', { name: /^Chart of clicks, conversions and earnings per day/ }).waitFor();
    await goto(page, `/reports/hourly-summary?start=${daysAgo(2)}&end=${daysAgo(1)}`);
    await page.getByRole('img', { name: /per hour/ }).waitFor();

    await goto(page, '/reports/campaign-summary?start=2024-01-01&end=2024-01-02');
    await page.getByText('No available data for the requested period').waitFor();
    await s.close();
  });

  test(
    'CSV export round trip: Exporting..., polled every 2 s, a file named as docs/limits.md whose rows are the report',
    { timeout: 90_000 },
    async () => {
      const s = await session();
      const { page, jwt } = s;
      const range = { start: daysAgo(3), end: daysAgo(1) };
      await goto(page, `/reports/conversion${q(range)}`);
      await page
        .getByRole('table', { name: 'Conversion Report' })
        .locator('tbody tr:not([aria-hidden])')
        .first()
        .waitFor();
      const polls: number[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/api/v1/report/export/status')) polls.push(Date.now());
      });
      const starts = recordCalls(page, '/report/conversion/export');
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      const exportButton = page.getByRole('button', { name: 'Export CSV' });
      await exportButton.click();
      await page.getByRole('button', { name: 'Exporting...' }).waitFor();
      expect(await page.getByRole('button', { name: 'Exporting...' }).isDisabled()).toBe(true);
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^conversion_export_\d{4}-\d{2}-\d{2}_\d{2}\.\d{2}\.\d{2}\.csv$/);
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      expect(starts[0]!.body).toEqual({ filters: { date_range: range }, sort: 'timestamp', order: 1 });
      if (polls.length > 1) expect(polls[1]! - polls[0]!).toBeGreaterThan(1500);

      // The file's rows are the report's rows.
      const csv = fs
        .readFileSync((await download.path())!, 'utf8')
        .trim()
        .split(/\r?\n/);
      const all: { conversion_id: string }[] = [];
      let cursor: string | null = null;
      do {
        const r = (await (
          await apiPost(
            s,
            '/report/conversion',
            { filters: { date_range: range }, limit: 100, ...(cursor ? { cursor } : {}) },
            jwt,
          )
        ).json()) as {
          data: { conversion_id: string }[];
          cursor: { next: string | null };
        };
        all.push(...r.data);
        cursor = r.cursor.next;
      } while (cursor);
      expect(csv.length - 1).toBe(all.length);
      expect(all.length).toBeGreaterThan(0);

      // A failed start leaves the button as it was, with no message.
      await page.route(
        '**/api/v1/report/conversion/export',
        (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
        { times: 1 },
      );
      await exportButton.click();
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      expect(await page.locator('[data-alert-type]').count()).toBe(0);

      // A spent quota (429) is not a failure: waiting helps, and the page says so.
      const busy = 'Too many exports in progress. Please wait for one to finish.';
      await page.route(
        '**/api/v1/report/conversion/export',
        (r) =>
          r.fulfill({
            status: 429,
            headers: { 'retry-after': '30' },
            contentType: 'application/json',
            body: JSON.stringify({ error: { code: '0x4290', message: busy } }),
          }),
        { times: 1 },
      );
      await exportButton.click();
      await expectToast(page, busy, 'warning');
      await page.getByRole('button', { name: 'Export CSV' }).waitFor();
      expectNoProblems(s);
      await s.close();
    },
  );

  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: accessible, no sideways scrolling${width === 'phone' ? ', stacked, no export button' : ''}`, async () => {
      const s = await session(width);
      const { page } = s;
      const range = RANGE();
      for (const route of ['campaign-summary', 'daily-summary', 'conversion']) {
        await goto(page, `/reports/${route}${q(range)}`);
        await page
          .getByTestId('report-context')
          .getByText(/Data as of \d/)
          .waitFor();
        if (route === 'daily-summary') await page.getByRole('img', { name: /^Chart of/ }).waitFor();
        expect(await scrollsSideways(page), route).toBe(false);
        if (width === 'phone') {
          expect(await page.getByRole('table').count()).toBe(0);
          expect(await page.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(false);
        }
        await checkScreen(page, `report-${route}`);
      }
      expectNoProblems(s);
      await s.close();
    });
  }
});
