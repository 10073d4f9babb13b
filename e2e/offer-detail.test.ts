import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  baseUrl,
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

/**
 * The offer detail (docs/screens.md, "Offer detail") against the demo
 * network: offer 1 is Northwind Summer Sale (three landing pages, creatives, two postbacks), 3 is
 * Northwind Gift Cards (pixel conversions, no expiry, every region), 4 Northwind Winter Preview (no
 * creatives), 21 Harbor Flight Alerts (no preview URL), 27 an offer the demo publisher may not run.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function session(width: 'desktop' | 'phone' = 'desktop'): Promise<Session> {
  const s = await open(browser, width);
  await loginViaApi(s, DEMO);
  return s;
}

describe('offer header and tabs', () => {
  test('back link, title, id and name, status badge, preview button; tabs map to URLs and keep the query string', async () => {
    const s = await session();
    const { page } = s;
    await goto(page, '/offers/1/details?x=1');
    await page.getByRole('heading', { level: 1, name: 'Offer Northwind Summer Sale' }).waitFor();
    expect(await page.title()).toBe('Offer Northwind Summer Sale / Publisher Portal');
    await page.getByText('[1]').waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Preview Landing Page' }).getAttribute('href')).toMatch(
      /^https:\/\/northwind-outfitters\.example\//,
    );
    expect(await page.getByRole('link', { name: 'My Offers' }).first().getAttribute('href')).toBe('/my-offers');
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Details',
      'Creatives',
      'Tracking Link',
      'Postbacks & Pixels',
    ]);
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page.waitForURL(/\/offers\/1\/creatives\?x=1$/);
    await page.getByRole('tab', { name: 'Tracking Link' }).click();
    await page.waitForURL(/\/offers\/1\/tracking-link\?x=1$/);
    await page.getByRole('tab', { name: 'Postbacks & Pixels' }).click();
    await page.waitForURL(/\/offers\/1\/postbacks-and-pixels\?x=1$/);
    // Opening a URL opens its tab.
    await goto(page, '/offers/1/creatives');
    expect(await page.getByRole('tab', { name: 'Creatives' }).getAttribute('aria-selected')).toBe('true');
    // The badge shows the real status; no preview button without a preview URL.
    await goto(page, '/offers/4/details');
    await page.getByText('Ready', { exact: true }).first().waitFor();
    await goto(page, '/offers/21/details');
    await page.getByRole('heading', { level: 1, name: 'Offer Harbor Flight Alerts' }).waitFor();
    expect(await page.getByRole('link', { name: 'Preview Landing Page' }).count()).toBe(0);
    // An offer the publisher may not run answers 404: the not-found page.
    await goto(page, '/offers/27/details');
    await page.waitForURL(/\/not-found$/);
    expectNoProblems(s);
    await s.close();
  });
});

describe('Details and Creatives', () => {
  test('details with expiry, regions, payout, conversion tracking and tags; the texts for none', async () => {
    const s = await session();
    const { page } = s;
    const calls = recordCalls(page, '/offer-details');
    await goto(page, '/offers/1/details');
    await page.getByText('Canada, United States').waitFor();
    expect(calls[0]!.body).toEqual({ offer_id: 1 });
    await page.getByText('$12.50').waitFor();
    await page.getByText('Server postback or thank-you page pixel').waitFor();
    for (const tag of ['retail', 'apparel', 'seasonal'])
      await page.getByRole('listitem').filter({ hasText: tag }).first().waitFor();
    await goto(page, '/offers/3/details');
    await page.getByText('This offer does not expire.').waitFor();
    await page.getByText('This offer is valid for all regions').waitFor();
    await page.getByText("Pixel on the advertiser's thank-you page").waitFor();
    await checkScreen(page, 'offer-details');
    expectNoProblems(s);
    await s.close();
  });

  test('creatives with name, type and URL; none; load failures toast, cancelled loads do not', async () => {
    const s = await session();
    const { page } = s;
    await goto(page, '/offers/1/creatives');
    const list = page.getByRole('list', { name: 'Creatives' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(5);
    await list.getByText('Video').first().waitFor();
    await list
      .getByText(/^https:\/\/cdn\.northwind-outfitters\.example\//)
      .first()
      .waitFor();
    await checkScreen(page, 'offer-creatives');
    await goto(page, '/offers/4/creatives');
    await page.getByText('This offer does not have any Creatives.').waitFor();

    for (const [path, tab, message] of [
      ['/offer-details', 'details', 'Could not load offer details.'],
      ['/offer-creatives', 'creatives', 'Could not load offer creatives.'],
      ['/offer-tracking-link', 'tracking-link', 'Could not load offer tracking link tool.'],
    ] as const) {
      await page.route(
        `**/api/v1${path}`,
        (r) =>
          r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
        { times: 1 },
      );
      await goto(page, `/offers/2/${tab}`);
      await expectToast(page, message, 'error');
    }
    // A quick tab switch cancels the creatives request: no toast for it.
    await goto(page, '/offers/5/details');
    await page.getByRole('heading', { level: 1, name: /^Offer / }).waitFor();
    await page.route('**/api/v1/offer-creatives', async (r) => {
      await new Promise((res) => setTimeout(res, 1500));
      await r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }).catch(() => {});
    });
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page.waitForTimeout(300);
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.waitForTimeout(2000);
    expect(
      await page.locator('[data-alert-type="error"]').filter({ hasText: 'Could not load offer creatives.' }).count(),
    ).toBe(0);
    await s.close();
  });
});

describe('Tracking Link builder', () => {
  test('builds the link of docs/limits.md, copies it, checks placeholders, and the link really records a click', async () => {
    const s = await session();
    const { page, context } = s;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const calls = recordCalls(page, '/offer-tracking-link');
    await goto(page, '/offers/1/tracking-link');
    const link = page.getByTestId('tracking-link');
    await expect.poll(() => link.textContent()).toMatch(/\/c\/1\/\d+\?s2=$/);
    expect(calls[0]!.body).toEqual({ offer_id: 1 });
    const base = (await link.textContent())!.replace(/\?s2=$/, '');
    expect(base.startsWith(baseUrl())).toBe(true);

    const landing = page.getByLabel('Landing page');
    expect(await landing.locator('option').allTextContents()).toEqual([
      'Always Use Default',
      'Main store (default)',
      'Summer lookbook',
      'Quiz: find your fit',
    ]);
    await landing.selectOption({ label: 'Main store (default)' });
    await expect.poll(() => link.textContent()).toBe(`${base}?s2=`);
    await landing.selectOption({ label: 'Summer lookbook' });
    await expect.poll(() => link.textContent()).toMatch(new RegExp(`^${base.replace(/[.?]/g, '\\$&')}\\?cr=\\d+&s2=$`));
    for (const label of ['Click ID', 'Source ID', 'Sub ID 1', 'Sub ID 2', 'Sub ID 3', 'Sub ID 4', 'Sub ID 5'])
      await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByLabel('Sub ID 1', { exact: true }).fill('e2e sub');
    await page.getByLabel('Click ID', { exact: true }).fill('pc-77');
    await page.getByLabel('Sub ID 4', { exact: true }).fill('four');
    await expect.poll(() => link.textContent()).toMatch(/\?cr=\d+&pub_click_id=pc-77&s1=e2e%20sub&s2=&s4=four$/);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Copied!').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.textContent());
    await page.waitForTimeout(4300);
    expect(await page.getByText('Copied!').count()).toBe(0);

    // The built link is a real tracking link: a click recorded and sent to the chosen page.
    const built = (await link.textContent())!;
    const r = await context.request.get(built, { maxRedirects: 0 });
    expect(r.status()).toBe(302);
    expect(r.headers()['location']).toMatch(
      /^https:\/\/northwind-outfitters\.example\/summer-sale\/summer-lookbook\?clickid=[0-9a-f-]{36}&sub=e2e%20sub/,
    );

    // A placeholder outside the allowed list is named.
    await page.getByLabel('Sub ID 3', { exact: true }).fill('{foo}');
    await page.getByText('Parameter not allowed: {foo}').waitFor();
    await page.getByLabel('Sub ID 3', { exact: true }).fill('{tid}');
    await expect.poll(() => page.getByText('Parameter not allowed').count()).toBe(0);
    await checkScreen(page, 'offer-tracking-link');
    expectNoProblems(s);
    await s.close();
  });
});

describe('Postbacks & Pixels tab and the modal', () => {
  test('the offer’s table, then create, edit, whitelist and server errors, dismiss, failures', async () => {
    const s = await session();
    const { page } = s;
    const tables = recordCalls(page, '/postback-table');
    const creates = recordCalls(page, '/postback/create');
    await goto(page, '/offers/1/postbacks-and-pixels');
    const table = page.getByRole('table', { name: 'Pixels and postbacks of Northwind Summer Sale' });
    await table
      .getByText('Summer Sale leads to CRM')
      .or(table.getByText('https://crm.demo-media.test', { exact: false }))
      .first()
      .waitFor();
    expect(tables[0]!.body).toEqual({ offer_id: 1 });
    expect(await columnHeaders(page, 'Pixels and postbacks of Northwind Summer Sale')).toEqual([
      'Name',
      'Event',
      'Type',
      'Value',
      'Status',
      'Actions',
    ]);
    // Each postback's name, as its notifications call it.
    await table.getByRole('cell', { name: 'Summer Sale leads to CRM', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'All Events' }).first().waitFor();
    await table.getByRole('cell', { name: 'Pixel', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'Postback', exact: true }).first().waitFor();
    await table.getByText('Inactive', { exact: true }).waitFor();

    // Create, from the offer: the offer is locked.
    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Pixel / Postback' });
    await dialog.waitFor();
    const offerField = dialog.getByRole('combobox', { name: 'Offer' });
    expect(await offerField.isDisabled()).toBe(true);
    expect(await offerField.inputValue()).toBe('[1] Northwind Summer Sale');
    expect(await dialog.getByRole('button', { name: 'Create' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Dismiss' }).count()).toBe(1);
    await dialog.getByRole('table').getByRole('button', { name: 'Insert {conversion_earnings}' }).waitFor();

    const value = dialog.getByRole('textbox', { name: 'Value', exact: true });
    await value.fill('https://receiver.example/pb?cid={pub_click_id}&x={foo}');
    await dialog.getByText('Invalid URL variables: {foo}').waitFor();
    await value.fill('not a url');
    await expect.poll(() => dialog.getByText('Invalid URL variables').count()).toBe(0);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E offer postback');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Incorrect url format').waitFor();
    await value.fill('https://receiver.example/pb?cid={pub_click_id}&payout={conversion_earnings}');
    await expect.poll(() => dialog.getByText('Incorrect url format').count()).toBe(0);
    // Event: a real event of the offer.
    await dialog.getByRole('combobox', { name: 'Event', exact: true }).click();
    await dialog.getByRole('option', { name: /Newsletter sign-up$/ }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'E2E offer postback has been created.', 'success');
    await dialog.waitFor({ state: 'detached' });
    const created = creates.at(-1)!.body;
    expect(created).toMatchObject({
      postback_name: 'E2E offer postback',
      postback_status: 'active',
      postback_type: 'postback',
      postback_offer_id: 1,
      postback_event_type: null,
    });
    expect(typeof created['postback_event_id']).toBe('number');
    // Held base64-encoded in the form (docs/api.md).
    expect(Buffer.from(String(created['postback_value']), 'base64').toString()).toBe(
      'https://receiver.example/pb?cid={pub_click_id}&payout={conversion_earnings}',
    );
    await table.getByText('https://receiver.example/pb?cid={pub_click_id}&payout={conversion_earnings}').waitFor();
    expect(tables.length).toBeGreaterThan(1);

    // Edit: prefilled, Update.
    await page.getByRole('button', { name: 'Edit E2E offer postback' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pixel / Postback' });
    await edit.waitFor();
    await expect
      .poll(() => edit.getByRole('textbox', { name: 'Name', exact: true }).inputValue())
      .toBe('E2E offer postback');
    expect(await edit.getByRole('textbox', { name: 'Value', exact: true }).inputValue()).toBe(
      'https://receiver.example/pb?cid={pub_click_id}&payout={conversion_earnings}',
    );
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('E2E offer postback 2');
    await edit.getByRole('button', { name: 'Update' }).click();
    await expectToast(page, 'E2E offer postback 2 has been updated.', 'success');

    // Dismiss resets the form.
    await page.getByRole('button', { name: 'Add new' }).click();
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('to be dismissed');
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add new' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe('');

    // A server failure: the spec's toast, the modal stays.
    await page.route(
      '**/api/v1/postback/create',
      (r) =>
        r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
      { times: 1 },
    );
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Will fail');
    await dialog.getByRole('textbox', { name: 'Value', exact: true }).fill('https://receiver.example/x');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expectToast(page, 'Could not create postback.', 'error');
    await checkScreen(page, 'postback-modal');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expectNoProblems(s);
    await s.close();
  });

  test('an offer with none reads "No items"; a failed load toasts', async () => {
    const s = await session();
    const { page } = s;
    await goto(page, '/offers/4/postbacks-and-pixels');
    await page.getByText('No items').waitFor();
    await page.route(
      '**/api/v1/postback-table',
      (r) => r.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
      { times: 1 },
    );
    await goto(page, '/offers/5/postbacks-and-pixels');
    await expectToast(page, 'Could not load offer postbacks.', 'error');
    await s.close();
  });
});

describe('both widths', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: every tab is accessible and nothing scrolls sideways`, async () => {
      const s = await session(width);
      const { page } = s;
      for (const tab of ['details', 'creatives', 'tracking-link', 'postbacks-and-pixels']) {
        await goto(page, `/offers/1/${tab}`);
        await page.getByRole('heading', { level: 1, name: 'Offer Northwind Summer Sale' }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await scrollsSideways(page), tab).toBe(false);
        await checkScreen(page, `offer-${tab}-tab`);
      }
      expectNoProblems(s);
      await s.close();
    });
  }
});
