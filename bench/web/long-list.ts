import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';

/**
 * Scrolling My Offers with 10,000 loaded rows (the list answer replaced in the browser, so only the
 * page's own work counts): the page is scrolled top to bottom in 60 steps and each step's time to
 * the second animation frame after it is a sample, at 1280 × 860. Also the most rows the table held
 * in the page at once (the list is virtual: it should stay far below the rows loaded).
 */
export interface LongListResult {
  /** Every step's time, over all runs, in ms. */
  steps: number[];
  /** The most rows in the page at any step. */
  maxRows: number;
}

export async function measureLongList(opts: {
  baseUrl: string;
  session: { name: string; value: string }[];
  runs: number;
}): Promise<LongListResult> {
  const rows = Array.from({ length: 10_000 }, (_, i) => ({
    offer_id: i + 1,
    id: i + 1,
    name: `Offer ${i + 1}`,
    status: 'active',
    payout: 1.5,
    payout_type: 'cpa',
    clicks_unique: i,
    epc: 0.01,
    earnings: i / 10,
    preview_url: null,
  }));
  const body = JSON.stringify({ data: rows, cursor: { next: null } });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  const result: LongListResult = { steps: [], maxRows: 0 };
  try {
    for (let run = 0; run < opts.runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 860 },
        deviceScaleFactor: 1,
        locale: 'en-US',
        timezoneId: 'America/Toronto',
        storageState: { cookies: [], origins: [{ origin: opts.baseUrl, localStorage: opts.session }] },
      });
      const page = await context.newPage();
      await page.route('**/api/v1/campaign-table', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      );
      await page.goto(`${opts.baseUrl}/my-offers`);
      await page.getByText('10000 results').waitFor({ timeout: 30_000 });
      const sample = await page.evaluate(async () => {
        const steps: number[] = [];
        let maxRows = 0;
        const height = document.documentElement.scrollHeight;
        for (let y = 0; y < height; y += Math.ceil(height / 60)) {
          const t0 = performance.now();
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
          steps.push(performance.now() - t0);
          maxRows = Math.max(
            maxRows,
            document.querySelectorAll('table[aria-label="My offers"] tbody tr:not([aria-hidden])').length,
          );
        }
        return { steps, maxRows };
      });
      result.steps.push(...sample.steps);
      result.maxRows = Math.max(result.maxRows, sample.maxRows);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}
