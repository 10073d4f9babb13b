import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  recordCalls,
  WIDTHS,
  type Width,
} from './helpers/browser.ts';

/**
 * The account manager's button covers nothing a publisher needs: on the first screen of the pages
 * where a floating button lay on rows (their Edit and Deliveries buttons, preview links, a chart, a
 * phone's card chevrons), its box meets no row, link or button of the page. Its card reads the
 * manager from `POST manager`.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const meets = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Boxes of the page's rows, cards, links and buttons that are on the first screen. */
async function contentBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const h = window.innerHeight;
    return [...document.querySelectorAll('main tr, main li, main a, main button, main svg, main [role="img"]')]
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0 && r.height > 0 && r.top < h && r.bottom > 0)
      .map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

const PAGES: { route: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    route: '/global-pixel-postback',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Edit / })
        .first()
        .waitFor(),
  },
  {
    route: '/my-offers',
    ready: (page) =>
      page
        .getByRole('link', { name: /^Preview / })
        .first()
        .waitFor(),
  },
  {
    route: '/reports/campaign-summary',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Drill down on / })
        .first()
        .waitFor(),
  },
  {
    route: '/',
    ready: (page) =>
      page
        .getByRole('button', { name: /^Drill down on / })
        .first()
        .waitFor(),
  },
];

describe('Account manager', () => {
  for (const width of Object.keys(WIDTHS) as Width[]) {
    test(`${width}: the button sits in the header and covers nothing on the first screen`, async () => {
      const s = await open(browser, width);
      const { page } = s;
      await loginViaApi(s, DEMO);
      for (const { route, ready } of PAGES) {
        await goto(page, route);
        await ready(page);
        const button = page.getByRole('button', { name: 'Your account manager' });
        const box = (await button.boundingBox())!;
        expect(box, route).toBeTruthy();
        // In the header, not floating over the page.
        expect(await button.evaluate((el) => el.closest('header') !== null), route).toBe(true);
        const over = (await contentBoxes(page)).filter((b) => meets(box, b));
        expect(over, `${route}: boxes under the button`).toEqual([]);
        // Scrolled, it stays out of the rows' way (the header is above the content).
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(150);
        const scrolled = (await button.boundingBox())!;
        const headerBottom = await page.evaluate(
          () => document.querySelector('header')!.getBoundingClientRect().bottom,
        );
        expect(scrolled.y + scrolled.height, route).toBeLessThanOrEqual(headerBottom);
      }
      expectNoProblems(s);
      await s.close();
    });
  }

  test('the card is read from POST manager when it opens', async () => {
    const s = await open(browser, 'phone');
    const { page } = s;
    const calls = recordCalls(page, '/manager');
    await loginViaApi(s, DEMO);
    expect(calls).toHaveLength(0);
    await page.getByRole('button', { name: 'Your account manager' }).click();
    const card = page.getByRole('dialog', { name: 'Your account manager' });
    await card.getByText('Alex Morgan').waitFor();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({});
    await card.getByRole('link', { name: 'alex.morgan@portal.test' }).waitFor();
    expect(await card.getByRole('link', { name: /416 555 0142/ }).getAttribute('href')).toBe('tel:+14165550142');
    // The card lies within the screen of a phone.
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await checkScreen(page, 'account-manager-card-phone');
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(
      await page.getByRole('button', { name: 'Your account manager' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // A failure says so in the card, with a retry.
    await page.route('**/api/v1/manager', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
    );
    await goto(page, '/my-offers');
    await page.getByRole('button', { name: 'Your account manager' }).click();
    await card.getByText('Could not load your account manager.').waitFor();
    await page.unroute('**/api/v1/manager');
    await card.getByRole('button', { name: 'Try again' }).click();
    await card.getByText('Alex Morgan').waitFor();
    expectNoProblems(s);
    await s.close();
  });
});
