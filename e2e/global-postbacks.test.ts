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
  port,
  recordCalls,
  scrollsSideways,
  type Session,
} from './helpers/browser.ts';

/**
 * Global Pixels And Postbacks (docs/screens.md) and the delivery tools beyond the
 * spec, against the demo publisher's seven active and one inactive pixels and postbacks.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function openList(
  width: 'desktop' | 'phone' = 'desktop',
): Promise<Session & { jwt: string; calls: ReturnType<typeof recordCalls> }> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  const calls = recordCalls(s.page, '/postback-table');
  await goto(s.page, '/global-pixel-postback');
  await s.page.getByRole('heading', { level: 1, name: 'Global Pixels And Postbacks' }).waitFor();
  return { ...s, jwt, calls };
}

const TABLE = 'Pixels and postbacks';

describe('Global Pixels And Postbacks', () => {
  test('columns, labels, default filter and request', async () => {
    const s = await openList();
    const { page, calls } = s;
    const table = page.getByRole('table', { name: TABLE });
    await table.getByText('Main tracker').waitFor();
    expect(await columnHeaders(page, TABLE)).toEqual(['Name', 'Offer', 'Event', 'Type', 'Value', 'Status', 'Actions']);
    expect(calls[0]!.body).toEqual({
      filters: { status: 'active', offer_id: null },
      limit: 20,
      sort: 'postback_id',
      order: 1,
    });
    const row = (name: string) => table.getByRole('row').filter({ hasText: name });
    expect(await row('Main tracker').getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['All Offers', 'All Events', 'Postback']),
    );
    // Active, and beside it how its deliveries fare once tried: the demo tracker's host does not resolve.
    expect(await row('Main tracker').getByRole('cell').nth(5).textContent()).toMatch(
      /^Active(Retrying\d+ deliver(y|ies) to retryView deliveries)?$/,
    );
    expect(await row('Site-wide pixel').getByRole('cell').nth(3).textContent()).toBe('Iframe');
    const crm = row('Summer Sale leads to CRM');
    expect(await crm.getByRole('link', { name: 'Northwind Summer Sale' }).getAttribute('href')).toBe(
      '/offers/1/postbacks-and-pixels',
    );
    expect(await crm.getByRole('cell').nth(2).textContent()).toMatch(/^\d+ Newsletter sign-up$/);
    expect(await table.getByText('Previous tracker').count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });

  test('status and offer filters, search and sort restart from the first page', async () => {
    const s = await openList();
    const { page, calls } = s;
    const table = page.getByRole('table', { name: TABLE });
    await table.getByText('Main tracker').waitFor();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await table.getByText('Previous tracker').waitFor();
    expect(calls.at(-1)!.body).toMatchObject({ filters: { status: 'inactive' } });
    expect(calls.at(-1)!.body['cursor']).toBeUndefined();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await table.getByText('Main tracker').waitFor();
    expect(calls.at(-1)!.body).toMatchObject({ filters: { status: 'all' } });

    const offers = recordCalls(page, '/offer-list');
    await page.getByRole('combobox', { name: 'Offer' }).click();
    await page.getByRole('option', { name: 'All Offers' }).waitFor();
    expect(offers[0]!.body).toMatchObject({ limit: 20 });
    await page.getByRole('combobox', { name: 'Offer' }).fill('Summer');
    await page.getByRole('option', { name: '[1] Northwind Summer Sale' }).click();
    await expect.poll(() => calls.at(-1)!.body['filters']).toEqual({ status: 'all', offer_id: 1 });
    await table.getByText('Summer Sale leads to CRM').waitFor();
    await expect.poll(() => table.getByText('Main tracker').count()).toBe(0);

    await page.getByRole('combobox', { name: 'Offer' }).click();
    await page.getByRole('option', { name: 'All Offers' }).click();
    await page.getByRole('searchbox', { name: 'Search pixels and postbacks' }).fill('Galaxy');
    await expect.poll(() => calls.at(-1)!.body['search']).toBe('Galaxy');
    await expect.poll(() => table.locator('tbody tr:not([aria-hidden])').count()).toBe(2);

    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(() => calls.at(-1)!.body).toMatchObject({ sort: 'postback_name', order: 1 });
    await s.close();
  });

  test('create from the list: the offer can be chosen, five offers a page', async () => {
    const s = await openList();
    const { page } = s;
    const offers = recordCalls(page, '/offer-list');
    await page.getByRole('button', { name: 'Add Pixel / Postback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Pixel / Postback' });
    const offer = dialog.getByRole('combobox', { name: 'Offer' });
    expect(await offer.isDisabled()).toBe(false);
    await offer.click();
    await dialog.getByRole('option', { name: 'All Offers' }).waitFor();
    expect(offers[0]!.body).toMatchObject({ limit: 5 });
    await offer.fill('Gift');
    await dialog.getByRole('option', { name: '[3] Northwind Gift Cards' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E gift cards pixel');
    await dialog.getByRole('combobox', { name: 'Tracking Method' }).click();
    await dialog.getByRole('option', { name: 'Pixel' }).click();
    await dialog
      .getByRole('textbox', { name: 'Value', exact: true })
      .fill('<img src="https://px.example/p.gif?t={tid}&e={conversion_earnings}" width="1" height="1">');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'E2E gift cards pixel has been created.', 'success');
    const row = page.getByRole('table', { name: TABLE }).getByRole('row').filter({ hasText: 'E2E gift cards pixel' });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Iframe');
    expect(await row.getByRole('link', { name: 'Northwind Gift Cards' }).count()).toBe(1);
    await s.close();
  });

  test('delivery log, send test, replay, live preview, and a postback to the portal itself says loop', async () => {
    const s = await openList();
    const { page, jwt } = s;
    await page.getByRole('table', { name: TABLE }).getByText('Main tracker').waitFor();

    // The preview fills in the latest real conversion and marks what it cannot fill.
    await page.getByRole('button', { name: 'Edit Main tracker' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pixel / Postback' });
    await edit.getByTestId('postback-preview').waitFor();
    expect(await edit.getByTestId('postback-preview').textContent()).toMatch(
      /^https:\/\/tracker\.demo-media\.test\/postback\?cid=.*&tid=[0-9a-f-]{36}/,
    );
    await edit
      .getByRole('textbox', { name: 'Value', exact: true })
      .fill('https://tracker.demo-media.test/pb?t={tid}&x={unknown_one}');
    await edit.getByRole('listitem').filter({ hasText: '{unknown_one}' }).filter({ hasText: 'unknown' }).waitFor();
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // The demo tracker's host does not resolve: the log says so, and so does a test send.
    await page.getByRole('button', { name: 'Deliveries of Main tracker', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Deliveries: Main tracker' });
    const attempts = panel.getByRole('list', { name: 'Attempts' });
    await attempts.waitFor();
    expect(await attempts.getByRole('listitem').count()).toBeGreaterThan(0);
    await attempts.getByText('DNS failure').first().waitFor();
    await panel.getByRole('button', { name: 'Send test' }).click();
    await panel.getByText('Not delivered: DNS failure').waitFor();
    await attempts.getByText('Test', { exact: true }).first().waitFor();
    // Failed deliveries since yesterday are sent again (the DNS failures are still retrying:
    // pending, not failed, so nothing matches yet).
    const replays = recordCalls(page, '/postback-delivery/replay-failed');
    await panel.getByRole('button', { name: 'Replay failed', exact: true }).click();
    await expectToast(page, 'No delivery failed since then: nothing to send again.');
    expect(replays[0]!.body).toMatchObject({ postback_id: expect.any(Number) });
    expect(Date.now() - Date.parse(String(replays[0]!.body['since']))).toBeGreaterThan(23 * 3600_000);
    await checkScreen(page, 'postback-deliveries');
    await page.keyboard.press('Escape');

    // A postback aimed back at the portal under its IP is refused as a loop.
    const created = await apiPost(
      s,
      '/postback/create',
      {
        postback_name: 'E2E loop',
        postback_status: 'inactive',
        postback_type: 'postback',
        postback_value: `http://127.0.0.1:${port()}/pixel?tid={tid}`,
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: null,
      },
      jwt,
    );
    expect(created.status()).toBe(200);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await page.getByRole('button', { name: 'Deliveries of E2E loop', exact: true }).click();
    const loop = page.getByRole('dialog', { name: 'Deliveries: E2E loop' });
    await loop.getByRole('button', { name: 'Send test' }).click();
    await loop.getByText('Not delivered: Loop').waitFor();
    await loop
      .getByRole('region', { name: 'Send a test' })
      .getByText('The postback points at this tracking server itself.')
      .waitFor();
    await loop.getByRole('list', { name: 'Attempts' }).getByText('Loop').first().waitFor();
    expectNoProblems(s);
    await s.close();
  });

  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: accessible list and modal, nothing scrolls sideways`, async () => {
      const s = await openList(width);
      const { page } = s;
      await page.getByText('Main tracker').first().waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'global-postbacks');
      await page.getByRole('button', { name: 'Add Pixel / Postback' }).click();
      await page.getByRole('dialog', { name: 'Create Pixel / Postback' }).waitFor();
      await checkScreen(page, 'global-postback-modal');
      expectNoProblems(s);
      await s.close();
    });
  }
});
