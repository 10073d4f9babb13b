import fs from 'node:fs';
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
  recordCalls,
  screenshot,
  WIDTHS,
  type Width,
} from './helpers/browser.ts';

/**
 * An invoice to keep (docs/screens.md Invoices): "Download PDF" saves the invoice as a PDF file the
 * server makes, and "Print" prints the invoice alone (the print stylesheet hides the rest).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('invoice PDF and print at %s width', (width) => {
  test('downloads the invoice as a PDF and prints the invoice alone', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await loginViaApi(s, DEMO);
    const list = await apiPost(s, '/invoice-list', { limit: 1 }, jwt);
    const id = ((await list.json()) as { data: { id: number }[] }).data[0]!.id;
    await goto(page, `/invoices/${id}`);
    await page.getByRole('heading', { level: 1, name: `Invoice #${id}` }).waitFor();
    await page.getByTestId('invoice-grand-total').waitFor();
    await checkScreen(page, 'invoice-actions');

    const calls = recordCalls(page, '/invoice/pdf');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${id}.pdf`);
    const file = await download.path();
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
    expect(calls.map((c) => c.body)).toEqual([{ id }]);

    // Print: the browser's print dialog, and on paper the invoice alone.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      page.getByRole('banner'),
      page.getByRole('contentinfo'),
      page.getByRole('link', { name: 'Invoices' }),
      page.getByRole('button', { name: 'Download PDF' }),
      page.getByRole('button', { name: 'Print' }),
    ])
      expect(await hidden.isVisible()).toBe(false);
    await page.getByRole('heading', { level: 1, name: `Invoice #${id}` }).waitFor();
    expect(await page.getByTestId('invoice-grand-total').isVisible()).toBe(true);
    await screenshot(page, 'invoice-print');
    await page.emulateMedia({ media: 'screen' });
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expectNoProblems(s);
    await s.close();
  });
});
