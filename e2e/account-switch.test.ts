import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  loginViaApi,
  loginViaUi,
  MULTI,
  open,
  recordCalls,
  WIDTHS,
  type Width,
} from './helpers/browser.ts';

/**
 * The account switch (docs/screens.md "Select account"): a user linked to several publisher
 * accounts changes account from the account menu, without logging out, through the same calls as
 * the choice after login (multi-login, impersonate).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const stored = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('publisher_id')] as const);

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('account switch at %s width', (width) => {
  test('a multi-account user switches from the account menu and back', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await loginViaUi(page, MULTI);
    await page.waitForURL(/\/select-account$/);
    const first = page.getByRole('list', { name: 'Accounts' }).getByRole('button').first();
    const firstName = (await first.locator('span.font-medium').textContent())!;
    await first.click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const menuButton = page.getByRole('button', { name: /^Account menu for / });
    await menuButton.waitFor();
    const [tokenBefore, idBefore] = await stored(page);

    const impersonate = recordCalls(page, '/impersonate');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Switch account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch account' });
    const accounts = dialog.getByRole('list', { name: 'Accounts' }).getByRole('button');
    await accounts.nth(1).waitFor();
    expect(await dialog.locator('[aria-current="true"]').textContent()).toContain(`Account ID ${idBefore}`);
    await checkScreen(page, 'account-switch');
    const other = dialog.locator('li button:not([aria-current])').first();
    const otherText = (await other.textContent())!;
    const otherId = /Account ID (\d+)/.exec(otherText)![1]!;
    const otherName = (await other.locator('span.font-medium').textContent())!;
    expect(otherName).not.toBe(firstName);
    await other.click();
    await expectToast(page, `Switched to ${otherName}`, 'success');
    await dialog.waitFor({ state: 'detached' });
    expect(impersonate.map((c) => c.body['publisher_id'])).toEqual([Number(otherId)]);
    const [tokenAfter, idAfter] = await stored(page);
    expect(idAfter).toBe(otherId);
    expect(tokenAfter).not.toBe(tokenBefore);
    expect(page.url()).toMatch(/\/$/);
    // The header now speaks of the other account.
    await menuButton.click();
    await page.getByText(`${otherName} · ID ${otherId}`).waitFor();
    await page.keyboard.press('Escape');
    // A reload keeps the chosen account, and no account choice is pending.
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('multi_account'))).toBeNull();
    expectNoProblems(s);
    await s.close();
  });
});

test('a user with one account is not offered a switch', async () => {
  const s = await open(browser, 'desktop');
  await loginViaApi(s, DEMO);
  await goto(s.page, '/');
  await s.page.getByRole('button', { name: /^Account menu for / }).click();
  await s.page.getByRole('menuitem', { name: 'Log Out' }).waitFor();
  expect(await s.page.getByRole('menuitem', { name: 'Switch account' }).count()).toBe(0);
  await s.close();
});
