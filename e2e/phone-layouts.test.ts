import type { Browser, Locator, Page } from 'playwright-core';
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
  scrollsSideways,
  type Session,
} from './helpers/browser.ts';

/**
 * How the reports, the dashboard and the tracking-link builder are laid out on a phone (390×844)
 * and a desktop (1280×800): the period always in view, the report select, the link before its
 * form, the folded sidebar, reading and tab order, headers read in full, and filters that name
 * their offer after a reload (docs/screens.md).
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
const daysAgo = (n: number) => dayIn(new Date(Date.now() - n * 86_400_000));
const slash = (day: string) => day.replaceAll('-', '/');
const RANGE = () => ({ start: daysAgo(20), end: daysAgo(1) });
const q = (r: { start: string; end: string }, extra = '') => `?start=${r.start}&end=${r.end}${extra}`;

const REPORTS: [slug: string, label: string][] = [
  ['campaign-summary', 'Campaign Summary'],
  ['daily-summary', 'Daily Summary'],
  ['hourly-summary', 'Hourly Summary'],
  ['landing-page-summary', 'Landing Page Summary'],
  ['sub-affiliate-summary', 'Sub-Affiliate Summary'],
  ['conversion', 'Conversion Report'],
  ['click', 'Click Report'],
  ['referral', 'Referral Report'],
];

async function session(width: 'desktop' | 'phone'): Promise<Session & { jwt: string }> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  return { ...s, jwt };
}

/** Whether the element's box lies within the first screen (no scrolling needed to see it). */
async function inFirstScreen(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe('the active period is always on screen', () => {
  test('phone: every report shows its period (and offer) in the line that opens the filters', async () => {
    const s = await session('phone');
    const { page } = s;
    const range = RANGE();
    for (const [slug] of REPORTS) {
      await goto(page, `/reports/${slug}${q(range, '&offer=1')}`);
      const line = page.getByRole('button', { name: /Show filters/ });
      await line.waitFor();
      await expect
        .poll(() => line.textContent())
        .toBe(`${slash(range.start)} → ${slash(range.end)} · Northwind Summer SaleShow filters`);
      expect(await inFirstScreen(page, line), slug).toBe(true);
      // The filters themselves stay folded until the line is tapped.
      expect(await page.getByRole('button', { name: /^Date range:/ }).isVisible()).toBe(false);
    }
    await page.getByRole('button', { name: /Show filters/ }).click();
    await page.getByRole('button', { name: /^Date range:/ }).waitFor();
    expect(await page.getByRole('button', { name: /Hide filters/ }).getAttribute('aria-expanded')).toBe('true');
    await checkScreen(page, 'report-period-open');
    expectNoProblems(s);
    await s.close();
  });

  test('phone: the dashboard shows its period; desktop: the picker itself, no second line', async () => {
    for (const width of ['phone', 'desktop'] as const) {
      const s = await session(width);
      const { page } = s;
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      const line = page.getByTestId('filter-summary');
      if (width === 'phone') {
        await expect.poll(() => line.textContent()).toBe(`Today, ${slash(dayIn(new Date()))}Show filters`);
        expect(await inFirstScreen(page, line)).toBe(true);
      } else {
        expect(await line.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Date range: Today' }).waitFor();
      }
      expectNoProblems(s);
      await s.close();
    }
  });
});

describe('report tabs', () => {
  test('phone: a labelled select with the tabs’ addresses, keeping the filters', async () => {
    const s = await session('phone');
    const { page } = s;
    const range = RANGE();
    await goto(page, `/reports/click${q(range)}`);
    const select = page.getByRole('combobox', { name: 'Report' });
    await select.waitFor();
    expect(await page.getByRole('tablist').isVisible()).toBe(false);
    expect(await select.inputValue()).toBe('click');
    expect(await select.locator('option').allTextContents()).toEqual(REPORTS.map(([, label]) => label));
    // Short: the select, not a quarter of the screen.
    expect((await select.boundingBox())!.height).toBeLessThan(60);
    await select.selectOption({ label: 'Daily Summary' });
    await page.waitForURL(new RegExp(`/reports/daily-summary\\?start=${range.start}&end=${range.end}$`));
    await page.getByText(/Data as of \d/).waitFor();
    expect(await select.inputValue()).toBe('daily');
    expect(await scrollsSideways(page)).toBe(false);
    await checkScreen(page, 'report-select');
    expectNoProblems(s);
    await s.close();
  });

  test('desktop: tabs, no select', async () => {
    const s = await session('desktop');
    const { page } = s;
    await goto(page, `/reports/referral${q(RANGE())}`);
    await page.getByRole('tab', { name: 'Referral Report', selected: true }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Report' }).isVisible()).toBe(false);
    await checkScreen(page, 'report-tabs');
    expectNoProblems(s);
    await s.close();
  });
});

describe('tracking link', () => {
  test('phone: the link and Copy come before the form, in the first screen', async () => {
    const s = await session('phone');
    const { page } = s;
    await goto(page, '/offers/1/tracking-link');
    const link = page.getByTestId('tracking-link');
    await expect.poll(() => link.textContent()).toMatch(/\/c\/1\/\d+\?s2=$/);
    const copy = page.getByRole('button', { name: 'Copy link' });
    const form = page.getByLabel('Landing page');
    expect((await copy.boundingBox())!.y).toBeLessThan((await form.boundingBox())!.y);
    expect(await inFirstScreen(page, copy)).toBe(true);
    // Filling the form still builds the link above it.
    await page.getByLabel('Sub ID 1').fill('spring');
    await expect.poll(() => link.textContent()).toMatch(/s1=spring/);
    await checkScreen(page, 'tracking-link-phone-order');
    expectNoProblems(s);
    await s.close();
  });

  test('desktop: the form on the left, the link on its right, tabbed in that order', async () => {
    const s = await session('desktop');
    const { page } = s;
    await goto(page, '/offers/1/tracking-link');
    await expect.poll(() => page.getByTestId('tracking-link').textContent()).toMatch(/\?s2=$/);
    const copy = page.getByRole('button', { name: 'Copy link' });
    const form = page.getByLabel('Landing page');
    expect((await form.boundingBox())!.x).toBeLessThan((await copy.boundingBox())!.x);
    const order = await form.evaluate(
      (select, button) =>
        select.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING ? 'form first' : 'link first',
      await copy.elementHandle(),
    );
    expect(order).toBe('form first');
    await checkScreen(page, 'tracking-link-desktop-order');
    expectNoProblems(s);
    await s.close();
  });
});

describe('dashboard sidebar and order', () => {
  test('phone: the week and month cards fold with the rest of the sidebar', async () => {
    const s = await session('phone');
    const { page } = s;
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const fold = page.getByRole('button', { name: 'Earnings, invoices, top campaigns and offers' });
    await fold.waitFor();
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByText('Week to Date').count()).toBe(0);
    expect(await page.getByText('Month to Date').count()).toBe(0);
    await checkScreen(page, 'dashboard-folded');
    await fold.click();
    const section = page.locator(`#${await fold.getAttribute('aria-controls')}`);
    await section.getByRole('region', { name: 'Earnings so far' }).getByText('Week to Date').waitFor();
    await section.getByText('Month to Date').waitFor();
    await section.getByRole('heading', { name: 'Latest invoices' }).waitFor();
    // The section comes before the table, as it is shown.
    const table = page.getByRole('heading', { name: 'Campaign summary' });
    expect((await fold.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
    expect(await scrollsSideways(page)).toBe(false);
    await checkScreen(page, 'dashboard-unfolded');
    expectNoProblems(s);
    await s.close();
  });

  test('desktop: Tab reaches the campaign summary before the sidebar; no positive tabindex', async () => {
    const s = await session('desktop');
    const { page } = s;
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('region', { name: 'Earnings so far' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).evaluate((h: HTMLElement) => {
      h.tabIndex = -1;
      h.focus();
    });
    let reached: string | null = null;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => {
        const el = document.activeElement;
        if (el?.closest('aside')) return 'sidebar';
        if (el?.closest('section[aria-labelledby="campaigns-heading"]')) return 'campaigns';
        return null;
      });
    }
    expect(reached).toBe('campaigns');
    expect(
      await page.evaluate(
        () => [...document.querySelectorAll<HTMLElement>('[tabindex]')].filter((e) => e.tabIndex > 0).length,
      ),
    ).toBe(0);
    // The sidebar is on the right of the table.
    const table = await page.getByRole('heading', { name: 'Campaign summary' }).boundingBox();
    const aside = await page.getByRole('complementary', { name: 'Summary' }).boundingBox();
    expect(aside!.x).toBeGreaterThan(table!.x);
    await checkScreen(page, 'dashboard-desktop-order');
    expectNoProblems(s);
    await s.close();
  });
});

describe('report headers and filter names', () => {
  test('desktop: every report header reads in full (landing page summary first)', async () => {
    const s = await session('desktop');
    const { page } = s;
    const range = RANGE();
    for (const slug of ['landing-page-summary', 'campaign-summary', 'daily-summary', 'hourly-summary']) {
      await goto(page, `/reports/${slug}${q(range)}`);
      await page.locator('table tbody tr:not([aria-hidden])').first().waitFor();
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll('table thead th')].flatMap((th) => {
          const style = getComputedStyle(th);
          const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const content = th.querySelector('button') ?? th;
          const need = content === th ? th.scrollWidth - th.clientWidth : content.getBoundingClientRect().width - room;
          return need > 0.5 ? [th.textContent] : [];
        }),
      );
      expect(cut, slug).toEqual([]);
      if (slug === 'landing-page-summary') await checkScreen(page, 'landing-page-summary-headers');
    }
    expectNoProblems(s);
    await s.close();
  });

  test('an offer and a landing page in the URL are named after a reload', async () => {
    const s = await session('desktop');
    const { page, jwt } = s;
    const offer = (await (await apiPost(s, '/offer', { offer_id: 8 }, jwt)).json()) as { data: { name: string } };
    const range = RANGE();
    await goto(page, `/reports/campaign-summary${q(range, '&offer=8')}`);
    await page.reload();
    const filters = page
      .locator('[id]')
      .filter({ has: page.getByRole('combobox', { name: 'Offers' }) })
      .last();
    await filters.getByText(offer.data.name, { exact: true }).waitFor();
    expect(await page.getByText('Offer 8', { exact: true }).count()).toBe(0);
    // A landing page is named from its offer's list.
    await goto(page, `/reports/daily-summary${q(range, '&offer=1&lp=1')}`);
    await page.getByText('Main store', { exact: true }).first().waitFor();
    expect(await page.getByText('Landing page 1', { exact: true }).count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });
});
