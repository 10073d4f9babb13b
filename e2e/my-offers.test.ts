import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  columnHeaders,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  recordCalls,
  scrollsSideways,
  type Session,
} from './helpers/browser.ts';

/** My Offers (docs/screens.md) against the demo network's 25 offers. */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo user's profile zone (demo seed): date ranges are calendar days there. */
const ZONE = 'America/Toronto';
const dayIn = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

async function openMyOffers(
  width: 'desktop' | 'phone' = 'desktop',
): Promise<Session & { calls: ReturnType<typeof recordCalls> }> {
  const s = await open(browser, width);
  await loginViaApi(s, DEMO);
  const calls = recordCalls(s.page, '/campaign-table');
  await goto(s.page, '/my-offers');
  await s.page.getByRole('heading', { level: 1, name: 'My Offers' }).waitFor();
  return { ...s, calls };
}

const waitForCalls = async (calls: unknown[], n: number) => {
  const deadline = Date.now() + 10_000;
  while (calls.length < n) {
    if (Date.now() > deadline) throw new Error(`expected ${n} calls, saw ${calls.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const rowNames = (page: Page) =>
  page.getByRole('table', { name: 'My offers' }).locator('tbody tr td:first-child a').allTextContents();

describe('My Offers', () => {
  test('columns, formats, links and the first request', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await page.getByRole('link', { name: 'Northwind Summer Sale', exact: true }).waitFor();
    expect(await columnHeaders(page, 'My offers')).toEqual([
      'Name',
      'Payout',
      'Clicks',
      'Unique clicks',
      'EPC',
      'Earnings',
      'Preview',
    ]);
    await waitForCalls(calls, 1);
    const today = dayIn(new Date());
    expect(calls[0]!.body).toEqual({
      filters: { date_range: { start: today, end: today } },
      limit: 20,
      sort: 'name',
      order: 1,
    });
    // The default sort shows its arrow on Name only.
    const nameHeader = page.getByRole('columnheader', { name: 'Name' });
    expect(await nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByRole('columnheader', { name: 'Payout' }).getAttribute('aria-sort')).toBe('none');
    expect(await page.getByRole('columnheader', { name: 'Preview' }).getAttribute('aria-sort')).toBeNull();

    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Northwind Summer Sale', exact: true }) });
    await expect.poll(() => row.locator('td').nth(1).textContent()).toBe('$12.50 CPA');
    expect(await row.getByRole('link', { name: 'Northwind Summer Sale', exact: true }).getAttribute('href')).toBe(
      '/offers/1/details',
    );
    expect(await row.getByRole('link', { name: /^Preview Northwind Summer Sale/ }).getAttribute('href')).toMatch(
      /^https:\/\/northwind-outfitters\.example\//,
    );
    expect(await row.locator('td').nth(4).textContent()).toMatch(/^\$\d+\.\d{2,4}$/);
    expect(await row.locator('td').nth(5).textContent()).toMatch(/^\$[\d,]+\.\d{2}$/);
    // An offer without a preview URL shows no link.
    const noPreview = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Harbor Flight Alerts', exact: true }) });
    expect(await noPreview.getByRole('link', { name: /^Preview/ }).count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });

  test('Clicks counts every click and Unique clicks the unique ones; EPC is Earnings over Clicks', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await waitForCalls(calls, 1);
    await page.getByText(/^The offers you can run, .* EPC is earnings per click, over all clicks\.$/).waitFor();
    await page.getByRole('button', { name: /^Date range: Today/ }).click();
    await page.getByRole('button', { name: 'This Month' }).click();
    await waitForCalls(calls, 2);
    // Highest earnings first: the rows with traffic.
    await page.getByRole('button', { name: 'Earnings', exact: true }).click();
    await page.getByRole('button', { name: 'Earnings', exact: true }).click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Earnings' }).getAttribute('aria-sort'))
      .toBe('descending');
    const number = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
    const rows = page.getByRole('table', { name: 'My offers' }).locator('tbody tr:not([aria-hidden])');
    await expect.poll(async () => number(await rows.first().locator('td').nth(5).textContent())).toBeGreaterThan(0);
    const figures = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].slice(2, 6).map((td) => td.textContent)),
    );
    let checked = 0;
    for (const [clicks, unique, epc, earnings] of figures.map((r) => r.map(number))) {
      expect(unique).toBeLessThanOrEqual(clicks!);
      if (clicks === 0) {
        expect(epc).toBe(0);
        continue;
      }
      // Earnings are shown to the cent, EPC to 4 decimals: both rounded.
      expect(Math.abs(epc! * clicks! - earnings!)).toBeLessThanOrEqual(0.005 + clicks! * 0.00005);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    await s.close();
  });

  test('sorting: a new column starts ascending, the same column flips', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await waitForCalls(calls, 1);
    await page.getByRole('button', { name: 'Payout', exact: true }).click();
    await waitForCalls(calls, 2);
    expect(calls[1]!.body).toMatchObject({ sort: 'payout', order: 1 });
    expect(calls[1]!.body['cursor']).toBeUndefined();
    await page.getByRole('button', { name: 'Payout', exact: true }).click();
    await waitForCalls(calls, 3);
    expect(calls[2]!.body).toMatchObject({ sort: 'payout', order: -1 });
    await expect
      .poll(() => page.getByRole('columnheader', { name: 'Payout' }).getAttribute('aria-sort'))
      .toBe('descending');
    await expect.poll(async () => (await rowNames(page))[0]).toBe('Bluepeak Business Loans');
    for (const [header, key] of [
      ['Clicks', 'clicks'],
      ['Unique clicks', 'clicks_unique'],
      ['EPC', 'epc'],
      ['Earnings', 'earnings'],
    ] as const) {
      const before = calls.length;
      await page.getByRole('button', { name: header, exact: true }).click();
      await waitForCalls(calls, before + 1);
      expect(calls.at(-1)!.body).toMatchObject({ sort: key, order: 1 });
    }
    await s.close();
  });

  test('search is sent once, 500 ms after typing stops; no match reads "No results found"', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await waitForCalls(calls, 1);
    await page.getByRole('searchbox', { name: 'Search offers' }).pressSequentially('Lumen', { delay: 60 });
    await waitForCalls(calls, 2);
    await page.waitForTimeout(900);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toMatchObject({ search: 'Lumen' });
    await expect
      .poll(() => rowNames(page))
      .toEqual(['Lumen Esports Pass', 'Lumen Galaxy Raiders Install', 'Lumen PC Launcher', 'Lumen Puzzle Quest']);
    await page.getByText('4 results').waitFor();
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('no such offer zzz');
    await page.getByText('No results found').waitFor();
    expect(await page.getByText("You've reached the end of the list").count()).toBe(0);
    await s.close();
  });

  test('date range: a preset sends its calendar days in the profile zone', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await waitForCalls(calls, 1);
    await page.getByRole('button', { name: /^Date range: Today/ }).click();
    await page.getByRole('button', { name: 'This Month' }).click();
    await waitForCalls(calls, 2);
    const now = new Date();
    const [y, m] = dayIn(now).split('-');
    const last = new Date(Date.UTC(Number(y), Number(m), 0)).getUTCDate();
    expect(calls[1]!.body['filters']).toEqual({
      date_range: { start: `${y}-${m}-01`, end: `${y}-${m}-${String(last).padStart(2, '0')}` },
    });
    await page.getByRole('button', { name: new RegExp(`^Date range: ${y}/${m}/01 → `) }).waitFor();
    await s.close();
  });

  test('infinite scroll loads the next page with its cursor and ends with the end-of-list line', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await page.getByText('20+ results').waitFor();
    expect(await page.getByText("You've reached the end of the list").count()).toBe(0);
    await page.mouse.wheel(0, 4000);
    await page.getByText("You've reached the end of the list").waitFor();
    expect(calls).toHaveLength(2);
    expect(typeof calls[1]!.body['cursor']).toBe('string');
    await page.getByText('25 results').waitFor();
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    expect(calls).toHaveLength(2);
    await s.close();
  });

  test('refresh restarts from the first page and is disabled while it runs', async () => {
    const s = await openMyOffers();
    const { page, calls } = s;
    await page.getByText('20+ results').waitFor();
    // Every call held until released (a refresh may ask for more than one page's worth).
    const held: (() => void)[] = [];
    let holding = true;
    await page.route('**/api/v1/campaign-table', async (route) => {
      if (holding) await new Promise<void>((r) => held.push(r));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
    expect(calls.at(-1)!.body['cursor']).toBeUndefined();
    holding = false;
    for (const release of held) release();
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(false);
    await s.close();
  });

  test(
    'a change cancels the request in flight; a slow reload shows the skeleton after 1.5 s and the message after 9.5 s',
    { timeout: 60_000 },
    async () => {
      const s = await openMyOffers();
      const { page } = s;
      await page.getByText('20+ results').waitFor();
      const aborted: string[] = [];
      page.on('requestfailed', (r) => {
        if (r.url().endsWith('/campaign-table')) aborted.push(r.failure()?.errorText ?? '');
      });
      let release: (() => void) | null = null;
      await page.route('**/api/v1/campaign-table', async (route) => {
        const body = route.request().postDataJSON() as { sort: string };
        if (body.sort === 'epc') await new Promise<void>((r) => (release = r));
        await route.continue().catch(() => {});
      });
      await page.getByRole('button', { name: 'EPC', exact: true }).click();
      // Rows stay while the reload is young; no skeleton before 1.5 s.
      await page.waitForTimeout(1000);
      expect(await page.getByTestId('skeleton').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Northwind Summer Sale', exact: true }).count()).toBe(1);
      await page.getByTestId('skeleton').waitFor({ timeout: 2000 });
      await page
        .getByText('Content takes a little longer than usual to appear, please hang tight...')
        .waitFor({ timeout: 10_000 });
      // A sort change now: the EPC request is cancelled and the new one answers.
      await page.getByRole('button', { name: 'Earnings', exact: true }).click();
      await expect.poll(() => aborted.length).toBeGreaterThan(0);
      await page.getByTestId('skeleton').waitFor({ state: 'detached' });
      await expect
        .poll(() => page.getByRole('columnheader', { name: 'Earnings' }).getAttribute('aria-sort'))
        .toBe('ascending');
      expect((await rowNames(page)).length).toBe(20);
      expect(await page.getByText('Content takes a little longer than usual').count()).toBe(0);
      (release as (() => void) | null)?.();
      await s.close();
    },
  );

  test('10,000 loaded rows: a bounded number of rows in the page all the way down', { timeout: 90_000 }, async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    await loginViaApi(s, DEMO);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      offer_id: i + 1,
      id: i + 1,
      name: `Offer ${String(i + 1).padStart(5, '0')}`,
      status: 'active',
      payout: 1.5,
      payout_type: 'cpa',
      clicks: i,
      clicks_unique: i,
      epc: 0.01,
      earnings: i / 10,
      preview_url: null,
    }));
    await page.route('**/api/v1/campaign-table', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: rows, cursor: { next: null } }),
      }),
    );
    await goto(page, '/my-offers');
    await page.getByText('10000 results').waitFor();
    const rendered = () => page.locator('table[aria-label="My offers"] tbody tr:not([aria-hidden])').count();
    expect(await rendered()).toBeLessThan(80);
    // Scroll through the whole list in steps: the rows in the page stay bounded all the way down.
    const counts = await page.evaluate(async () => {
      const seen: number[] = [];
      const height = document.documentElement.scrollHeight;
      for (let y = 0; y < height; y += Math.ceil(height / 60)) {
        window.scrollTo(0, y);
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        seen.push(document.querySelectorAll('table[aria-label="My offers"] tbody tr:not([aria-hidden])').length);
      }
      window.scrollTo(0, height);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return seen;
    });
    expect(Math.max(...counts)).toBeLessThan(80);
    await page.getByRole('cell', { name: 'Offer 10000' }).waitFor();
    expect(await rendered()).toBeLessThan(80);
    expect(await page.getByText("You've reached the end of the list").count()).toBe(1);
    await s.close();
  });

  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: accessible, no sideways scrolling${width === 'phone' ? ', stacked cards and collapsible filters' : ''}`, async () => {
      const s = await openMyOffers(width);
      const { page } = s;
      await page.getByRole('link', { name: 'Bluepeak Business Loans', exact: true }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      if (width === 'phone') {
        expect(await page.getByRole('table').count()).toBe(0);
        await page.getByRole('list', { name: 'My offers' }).waitFor();
        // The period is on screen with the filters folded, as on the reports and the dashboard.
        const line = page.getByTestId('filter-summary');
        await expect
          .poll(() => line.textContent())
          .toBe(`Today, ${dayIn(new Date()).replaceAll('-', '/')}Show filters`);
        const box = (await line.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
        expect(await line.isVisible()).toBe(true);
        const toggle = page.getByRole('button', { name: /Show filters$/ });
        expect(await page.getByRole('button', { name: /^Date range/ }).isVisible()).toBe(false);
        await toggle.click();
        await page.getByRole('button', { name: /^Date range/ }).waitFor();
        await page.getByRole('button', { name: /Hide filters$/ }).waitFor();
        await expect.poll(() => line.textContent()).toMatch(/^Today, .*Hide filters$/);
        // Sorting without headers.
        await page.getByLabel('Sort by').selectOption('earnings');
        await page.getByRole('button', { name: /Ascending; switch to descending/ }).waitFor();
      }
      await checkScreen(page, `my-offers`);
      expectNoProblems(s);
      await s.close();
    });
  }
});
