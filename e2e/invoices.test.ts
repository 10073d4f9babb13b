import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  columnHeaders,
  DEMO,
  eventually,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  recordCalls,
  scrollsSideways,
  type Session,
} from './helpers/browser.ts';

/**
 * Invoices and invoice detail (docs/screens.md "Invoices", docs/api.md "Invoice")
 * against the demo network: monthly invoices of the demo publisher in every status,
 * the newest with referral commission lines.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Invoice {
  id: number;
  date_range_start: string;
  date_range_end: string;
  payout_total: number;
  status: 'generated' | 'request_payment' | 'processing' | 'paid';
}
interface InvoiceItem {
  kind: 'offer' | 'referral';
  name: string;
  price_per_action: number;
  payed_actions: number;
  total: number;
}

const TABLE = 'Invoices';
const LABELS: Record<Invoice['status'], string> = {
  generated: 'Generated',
  request_payment: 'Payment requested',
  processing: 'Processing',
  paid: 'Paid',
};
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const usdPrecise = (n: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(n);
/** A period as shown: date parts with dashes, an arrow between (read "to" by screen readers). */
const period = (i: Pick<Invoice, 'date_range_start' | 'date_range_end'>) =>
  new RegExp(`^${i.date_range_start.slice(0, 10)} →\\s*to ${i.date_range_end.slice(0, 10)}$`);
const slash = (day: string) => day.slice(0, 10).replace(/-/g, '/');

type Opened = Session & { jwt: string; calls: ReturnType<typeof recordCalls>; invoices: Invoice[] };

async function openInvoices(width: 'desktop' | 'phone' = 'desktop', route = true): Promise<Opened> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  const r = await apiPost(s, '/invoice-list', { limit: 100 }, jwt);
  expect(r.status()).toBe(200);
  const invoices = ((await r.json()) as { data: Invoice[] }).data;
  const calls = recordCalls(s.page, '/invoice-list');
  if (route) {
    await goto(s.page, '/invoices');
    await s.page.getByRole('heading', { level: 1, name: 'Invoices', exact: true }).waitFor();
  }
  return { ...s, jwt, calls, invoices };
}

async function invoiceDetail(s: Session, jwt: string, id: number) {
  const r = await apiPost(s, '/invoice', { id }, jwt);
  expect(r.status()).toBe(200);
  return (await r.json()) as { invoice: Invoice; items: InvoiceItem[] };
}

const rowOf = (page: Page, id: number) =>
  page
    .getByRole('table', { name: TABLE })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Invoice #${id}`, exact: true }) });

describe('Invoices', () => {
  test('title, columns, every status with its colour, USD totals, dashed dates, links; the first request', async () => {
    const s = await openInvoices();
    const { page, calls, invoices } = s;
    // The demo publisher has an invoice in every status, newest period first.
    expect(new Set(invoices.map((i) => i.status))).toEqual(
      new Set(['generated', 'request_payment', 'processing', 'paid']),
    );
    await eventually(() => page.title(), 'Invoices / Publisher Portal');
    await page.getByText(`${invoices.length} results`).waitFor();
    expect(await columnHeaders(page, TABLE)).toEqual(['Invoice', 'Period', 'Status', 'Total']);
    expect(calls[0]!.body).toEqual({
      filters: { date_range: null },
      limit: 20,
      sort: 'date_range_start',
      order: -1,
    });
    const links = page.getByRole('table', { name: TABLE }).locator('tbody tr td:first-child a');
    expect(await links.allTextContents()).toEqual(invoices.map((i) => `Invoice #${i.id}`));

    for (const inv of invoices) {
      const cells = rowOf(page, inv.id).getByRole('cell');
      expect(await rowOf(page, inv.id).getByRole('link').getAttribute('href')).toBe(`/invoices/${inv.id}`);
      expect((await cells.nth(1).textContent())!.trim()).toMatch(period(inv));
      expect(await cells.nth(2).textContent()).toBe(LABELS[inv.status]);
      expect(await cells.nth(3).textContent()).toBe(usd(inv.payout_total));
      // Paid is green, every other status yellow (docs/screens.md).
      const background = await cells
        .nth(2)
        .locator(`[data-status="${inv.status}"]`)
        .evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
      // Tailwind's colours are oklch(): the browser turns one into RGB by painting it.
      const tone = await page.evaluate((bg) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = bg;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data as unknown as [number, number, number];
        return g > r && g > b ? 'green' : r > b && g > b ? 'yellow' : `other rgb(${r}, ${g}, ${b})`;
      }, background);
      expect(tone, `${inv.status} is ${background}`).toBe(inv.status === 'paid' ? 'green' : 'yellow');
    }
    await page.getByText("You've reached the end of the list").waitFor();

    await rowOf(page, invoices[0]!.id).getByRole('link').click();
    await page.waitForURL(new RegExp(`/invoices/${invoices[0]!.id}$`));
    await page.getByRole('heading', { level: 1, name: `Invoice #${invoices[0]!.id}`, exact: true }).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('the date range filters by overlap, clears back to every invoice; none in range reads "No invoices yet"', async () => {
    const s = await openInvoices();
    const { page, calls, invoices } = s;
    await page.getByText(`${invoices.length} results`).waitFor();
    const one = invoices[1]!;

    await page.getByRole('button', { name: 'Date range: Select a range' }).click();
    const panel = page.getByRole('dialog', { name: 'Date range' });
    await panel.getByRole('textbox', { name: 'Start', exact: true }).fill(slash(one.date_range_start));
    await panel.getByRole('textbox', { name: 'Start', exact: true }).press('Enter');
    await panel.getByRole('textbox', { name: 'End', exact: true }).fill(slash(one.date_range_end));
    await panel.getByRole('textbox', { name: 'End', exact: true }).press('Enter');
    await expect
      .poll(() => calls.at(-1)!.body['filters'])
      .toEqual({ date_range: { start: one.date_range_start.slice(0, 10), end: one.date_range_end.slice(0, 10) } });
    expect(calls.at(-1)!.body['cursor']).toBeUndefined();
    await page.getByText('1 result', { exact: true }).waitFor();
    await rowOf(page, one.id).waitFor();

    // Clearing sends no range and shows them all again.
    await page.getByRole('button', { name: /^Date range: / }).click();
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(() => calls.at(-1)!.body['filters']).toEqual({ date_range: null });
    await page.getByText(`${invoices.length} results`).waitFor();
    // Clearing leaves the panel open with empty fields: a new range can be typed at once.
    expect(await panel.getByRole('textbox', { name: 'Start', exact: true }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Date range: Select a range' }).waitFor();

    // A range before any invoice.
    await panel.getByRole('textbox', { name: 'Start', exact: true }).fill('2001/01/01');
    await panel.getByRole('textbox', { name: 'Start', exact: true }).press('Enter');
    await panel.getByRole('textbox', { name: 'End', exact: true }).fill('2001/01/31');
    await panel.getByRole('textbox', { name: 'End', exact: true }).press('Enter');
    await page.getByText('No invoices yet', { exact: true }).waitFor();
    await page.getByText('No invoice covers these dates.', { exact: false }).waitFor();
    expect(await page.getByText("You've reached the end of the list").count()).toBe(0);
    expect(await page.getByText(/\d+ results?$/).count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });

  test('sorting by invoice number and period flips the direction', async () => {
    const s = await openInvoices();
    const { page, calls, invoices } = s;
    await page.getByText(`${invoices.length} results`).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Period' }).getAttribute('aria-sort')).toBe('descending');
    await page.getByRole('button', { name: 'Invoice', exact: true }).click();
    await expect.poll(() => calls.at(-1)!.body).toMatchObject({ sort: 'id', order: 1 });
    const ascending = [...invoices].sort((a, b) => a.id - b.id).map((i) => `Invoice #${i.id}`);
    const links = () => page.getByRole('table', { name: TABLE }).locator('tbody tr td:first-child a').allTextContents();
    await expect.poll(links).toEqual(ascending);
    await page.getByRole('button', { name: 'Invoice', exact: true }).click();
    await expect.poll(() => calls.at(-1)!.body).toMatchObject({ sort: 'id', order: -1 });
    await expect.poll(links).toEqual([...ascending].reverse());
    await page.getByRole('button', { name: 'Period', exact: true }).click();
    await expect.poll(() => calls.at(-1)!.body).toMatchObject({ sort: 'date_range_start', order: 1 });
    await s.close();
  });

  test('refresh reloads the first page and is disabled while it runs', async () => {
    const s = await openInvoices();
    const { page, calls, invoices } = s;
    await page.getByText(`${invoices.length} results`).waitFor();
    let release: () => void = () => {};
    await page.route('**/api/v1/invoice-list', async (route) => {
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    const before = calls.length;
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);
    await expect.poll(() => calls.length).toBe(before + 1);
    expect(calls.at(-1)!.body['cursor']).toBeUndefined();
    release();
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(false);
    await page.getByText(`${invoices.length} results`).waitFor();
    await s.close();
  });

  test('infinite scroll asks for the next page with its cursor until there is none', async () => {
    const s = await openInvoices('desktop', false);
    const { page, calls } = s;
    const fake = (id: number): Invoice & { created_at: string } => {
      const month = new Date(Date.UTC(2024, 24 - id, 1));
      const end = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0));
      return {
        id,
        date_range_start: month.toISOString().slice(0, 10),
        date_range_end: end.toISOString().slice(0, 10),
        payout_total: id * 10.5,
        status: id % 2 ? 'paid' : 'processing',
        created_at: '2026-01-01T00:00:00.000Z',
      };
    };
    await page.route('**/api/v1/invoice-list', (route) => {
      const body = route.request().postDataJSON() as { cursor?: string };
      const page2 = body.cursor === 'page-2';
      const ids = page2 ? [21, 22, 23, 24, 25] : Array.from({ length: 20 }, (_, i) => i + 1);
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ data: ids.map(fake), cursor: { next: page2 ? null : 'page-2' } }),
      });
    });
    await goto(page, '/invoices');
    await page.getByText('20+ results').waitFor();
    expect(await page.getByText("You've reached the end of the list").count()).toBe(0);
    await page.mouse.wheel(0, 4000);
    await page.getByText('25 results').waitFor();
    await page.getByText("You've reached the end of the list").waitFor();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body['cursor']).toBe('page-2');
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    expect(calls).toHaveLength(2);
    await s.close();
  });
});

describe('Invoice detail', () => {
  test('back link, heading, period, status, lines with referral commissions, grand total; the request', async () => {
    const s = await openInvoices('desktop', false);
    const { page, jwt, invoices } = s;
    const withReferrals = [];
    for (const inv of invoices) {
      const d = await invoiceDetail(s, jwt, inv.id);
      if (d.items.some((i) => i.kind === 'referral')) withReferrals.push(d);
    }
    expect(withReferrals.length).toBeGreaterThan(0);
    const { invoice, items } = withReferrals[0]!;
    const calls = recordCalls(page, '/invoice');
    await goto(page, `/invoices/${invoice.id}`);
    await page.getByRole('heading', { level: 1, name: `Invoice #${invoice.id}`, exact: true }).waitFor();
    await eventually(() => page.title(), `Invoice #${invoice.id} / Publisher Portal`);
    const table = page.getByRole('table', { name: 'Invoice lines' });
    await table.waitFor();
    expect(calls[0]!.body).toEqual({ id: invoice.id });

    expect((await page.getByTestId('invoice-period').textContent())!.trim()).toMatch(period(invoice));
    await page.getByText(LABELS[invoice.status], { exact: true }).waitFor();
    expect(await columnHeaders(page, 'Invoice lines')).toEqual(['Offer', 'Price Per Action', 'Paid Actions', 'Total']);

    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(items.length);
    for (const [i, item] of items.entries()) {
      const cells = await rows.nth(i).getByRole('cell').allTextContents();
      const name = item.kind === 'referral' ? item.name.replace(/^Referral commission:\s*/, '') : item.name;
      expect(cells[0]).toBe(item.kind === 'referral' ? `${name}Referral commission` : name);
      expect(cells.slice(1)).toEqual([
        usdPrecise(item.price_per_action),
        new Intl.NumberFormat('en-US').format(item.payed_actions),
        usd(item.total),
      ]);
    }
    // The grand total is the invoice's payout total, which is the sum of its lines.
    const sum = items.reduce((t, i) => t + i.total, 0);
    expect(Math.abs(sum - invoice.payout_total)).toBeLessThan(0.01);
    expect(await page.getByTestId('invoice-grand-total').textContent()).toBe(usd(invoice.payout_total));
    expect(await table.getByRole('rowheader', { name: 'Grand total' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.waitForURL(/\/invoices$/);
    await page.getByRole('heading', { level: 1, name: 'Invoices', exact: true }).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test("an unknown id, another publisher's invoice and a malformed id go to not-found", async () => {
    const s = await openInvoices('desktop', false);
    const { page, jwt, invoices } = s;
    const mine = new Set(invoices.map((i) => i.id));
    const max = Math.max(...mine);
    // Invoice ids are shared by every publisher: one below the demo's newest belongs to someone else.
    const foreign = Array.from({ length: max }, (_, i) => i + 1).find((id) => !mine.has(id));
    expect(foreign).toBeDefined();
    expect((await apiPost(s, '/invoice', { id: foreign }, jwt)).status()).toBe(404);
    for (const path of [`/invoices/${foreign}`, '/invoices/99999999', '/invoices/0', '/invoices/12abc']) {
      await goto(page, path);
      await page.waitForURL(/\/not-found$/);
      await page.getByText("The page you're looking for cannot be found.").waitFor();
    }
    await s.close();
  });
});

describe('Invoices at both widths', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: accessible list and detail, no sideways scrolling${width === 'phone' ? ', stacked cards' : ''}`, async () => {
      const s = await openInvoices(width);
      const { page, invoices } = s;
      await page.getByText(`Invoice #${invoices[0]!.id}`, { exact: true }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      if (width === 'phone') {
        expect(await page.getByRole('table').count()).toBe(0);
        const list = page.getByRole('list', { name: TABLE });
        await list.waitFor();
        expect(await list.getByRole('listitem').count()).toBe(invoices.length);
        await page.getByRole('button', { name: 'Show filters' }).click();
        await page.getByRole('button', { name: 'Date range: Select a range' }).waitFor();
      }
      await checkScreen(page, 'invoices');

      await goto(page, `/invoices/${invoices[0]!.id}`);
      await page.getByTestId('invoice-grand-total').waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      if (width === 'phone') {
        expect(await page.getByRole('table').count()).toBe(0);
        await page.getByRole('list', { name: 'Invoice lines' }).waitFor();
      }
      await checkScreen(page, 'invoice');
      expectNoProblems(s);
      await s.close();
    });
  }
});
