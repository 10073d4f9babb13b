import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  eventually,
  expectNoProblems,
  goto,
  launch,
  open,
  WIDTHS,
  type Width,
} from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';

/**
 * The console's Overview (docs/operator-console.md "Overview"): the network's today and month to
 * date as the operator API answers them, failing postback receivers and the last day's refusals,
 * at both widths.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Figures {
  clicks: number;
  conversions: number;
}
interface OverviewAnswer {
  data: {
    network: { today_figures: Figures; month_to_date: Figures };
    failing_receivers: { count: number };
    refusals: { total: number };
  };
}

const integer = (n: number) => n.toLocaleString('en-US');

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('console Overview at %s width', (width) => {
  test("the network's figures, failing receivers and refusals, as the API answers them", async () => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await consoleLoginViaApi(s);
    await goto(page, '/admin');
    await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
    const today = page.getByRole('region', { name: 'Today' });
    const month = page.getByRole('region', { name: 'Month to date' });
    await today.getByText('Margin').waitFor();
    await month.getByText('Margin').waitFor();
    await page.getByRole('heading', { name: 'Failing postback receivers' }).waitFor();
    await page.getByRole('heading', { name: 'Conversion refusals, last 24 hours' }).waitFor();

    const read = async () => ((await (await adminCall(s, 'GET', '/overview', jwt)).json()) as OverviewAnswer).data;
    const figure = async (region: typeof today, label: string) =>
      (
        await region
          .locator('dl > div', { has: page.getByText(label, { exact: true }) })
          .locator('dd')
          .textContent()
      )?.trim();
    // The demo network's traffic runs to today: the month has clicks and conversions to show.
    const first = await read();
    expect(first.network.month_to_date.clicks).toBeGreaterThan(0);
    expect(first.network.month_to_date.conversions).toBeGreaterThan(0);
    // Other tests add traffic meanwhile: the page shows what the API answers when both are read together.
    await eventually(
      async () => {
        const { network } = await read();
        const shown = [
          await figure(month, 'Clicks'),
          await figure(month, 'Conversions'),
          await figure(today, 'Clicks'),
        ];
        const same =
          JSON.stringify(shown) ===
          JSON.stringify([
            integer(network.month_to_date.clicks),
            integer(network.month_to_date.conversions),
            integer(network.today_figures.clicks),
          ]);
        if (!same) {
          await page.reload();
          await month.getByText('Margin').waitFor();
        }
        return same;
      },
      true,
      60_000,
    );
    await checkScreen(page, 'console-overview');
    expectNoProblems(s);
    await s.context.close();
  });
});
