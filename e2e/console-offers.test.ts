import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  baseUrl,
  checkScreen,
  DEMO,
  eventually,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  type Width,
  WIDTHS,
} from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';

/**
 * The console's Offers area (docs/operator-console.md, Offers) as the demo owner: the list, an
 * offer made in the editor with its field errors, which then reaches the demo publisher's My Offers
 * and counts a click; creatives and offer access on the saved offer. Real Chromium, both widths.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('console Offers at %s width', (width) => {
  test('the list and its Visibility filter, then a new offer: field errors at the fields, saved, in My Offers, a click counted', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const token = await consoleLoginViaApi(s);
    await goto(page, '/admin/offers');
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Offers' });
    await list.getByRole('link').first().waitFor();
    // Newest first: the demo network's first offer is found by its name.
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('Northwind Summer');
    await list.getByRole('link', { name: /Northwind Summer Sale/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('Bluepeak');
    await eventually(async () => (await list.getByRole('link', { name: /Northwind/ }).count()) === 0, true);
    await checkScreen(page, 'console-offers');

    // Visibility "Private": the list is the private offers the API answers, kept in the address.
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('');
    if (width === 'phone') await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByLabel('Visibility').selectOption({ label: 'Private' });
    await page.waitForURL(/[?&]visibility=private(&|$)/);
    const answer = await adminCall(s, 'POST', '/offers', token, { filters: { visibility: 'private' }, limit: 100 });
    expect(answer.status()).toBe(200);
    const privateOffers = ((await answer.json()) as { data: { id: number; visibility: string }[] }).data;
    expect(privateOffers.length).toBeGreaterThan(0);
    expect(privateOffers.every((o) => o.visibility === 'private')).toBe(true);
    // Newest first, as the API answers; a phone draws only the cards on screen, so the list
    // shows the first of them and counts them all.
    const privateIds = privateOffers.map((o) => o.id).sort((a, b) => b - a);
    const listed = async () => {
      const ids = (await list.getByRole('link').allTextContents()).map((t) => Number(/#(\d+)\s*$/.exec(t)?.[1]));
      return ids.length > 0 && JSON.stringify(ids) === JSON.stringify(privateIds.slice(0, ids.length));
    };
    const counted = page.getByText(`${privateIds.length} result${privateIds.length > 1 ? 's' : ''}`, { exact: true });
    await eventually(listed, true);
    await counted.waitFor();
    if (width === 'desktop') expect(await list.getByRole('link').count()).toBe(privateIds.length);
    await checkScreen(page, 'console-offers-private');
    await page.reload();
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
    await eventually(listed, true);
    await counted.waitFor();
    expect(await page.getByLabel('Visibility').inputValue()).toBe('private');
    if (width === 'phone') await page.getByRole('button', { name: 'Show filters' }).click();
    await page.getByLabel('Visibility').selectOption({ label: 'All visibilities' });
    await eventually(() => new URL(page.url()).searchParams.has('visibility'), false);

    await page.getByRole('button', { name: 'New offer' }).click();
    await page.getByRole('heading', { name: 'Offers', level: 1 }).waitFor();
    await page.getByRole('form', { name: 'Offer' }).waitFor();
    // Nothing filled: the server's errors at their fields.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter the offer’s name.').waitFor();
    await page.getByText('Select an advertiser.').waitFor();
    await page.getByText('Enter the landing page URL.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBe('true');
    if (width === 'desktop') await checkScreen(page, 'console-offer-errors');

    const name = `Console Offer ${width} ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    expect(await page.getByRole('textbox', { name: 'Name', exact: true }).getAttribute('aria-invalid')).toBeNull();
    await page.getByLabel('Advertiser').selectOption({ label: 'Northwind Outfitters' });
    await page.getByLabel('Preview URL').fill('https://northwind-outfitters.example/preview');
    await page.getByLabel('Regions').fill('US, CA');
    await page.getByLabel('Conversion method').selectOption('both');
    await page.getByLabel('Description').fill('Made in the console.');
    const base = page.getByRole('listitem', { name: 'Event 1' });
    await base.getByLabel('Payout', { exact: true }).fill('150');
    await base.getByLabel('Payout type').selectOption('revshare');
    await base.getByLabel('Revenue', { exact: true }).fill('20');
    await page.getByLabel('Tags').fill('Outdoor, Summer');
    await page.getByRole('button', { name: 'Add event' }).click();
    const second = page.getByRole('listitem', { name: 'Event 2' });
    await second.getByLabel('Event name').fill('Second order');
    await second.getByLabel('Event type').selectOption({ label: 'Upsell' });
    await second.getByLabel('Payout', { exact: true }).fill('2');
    await page.getByLabel('Landing page name').fill('Console page');
    await page.getByLabel('Landing page URL').fill('https://northwind-outfitters.example/console?clickid={tid}');
    await page.getByLabel('Monthly cap').fill('900');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A revenue share is a percentage (0-100).').waitFor();
    await base.getByLabel('Payout type').selectOption('cpa');
    await base.getByLabel('Payout', { exact: true }).fill('7.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/offers\/\d+$/);
    const offerId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText(`${name} #${offerId}`).waitFor();
    expect(await page.getByLabel('Regions').inputValue()).toBe('US, CA');
    expect(await page.getByLabel('Tags').inputValue()).toBe('Outdoor, Summer');
    expect(await page.getByLabel('Landing page name').inputValue()).toBe('Console page');
    expect(await page.getByRole('listitem', { name: 'Event 2' }).getByLabel('Event type').inputValue()).toBe('upsell');
    const saved = (await (await adminCall(s, 'GET', `/offers/${offerId}`, token)).json()) as {
      data: { tags: string[]; events: { event_type: string }[]; landing_pages: { name: string }[] };
    };
    expect(saved.data.tags).toEqual(['Outdoor', 'Summer']);
    expect(saved.data.events.map((e) => e.event_type)).toEqual(['conversion', 'upsell']);
    expect(saved.data.landing_pages.map((p) => p.name)).toEqual(['Console page']);
    await checkScreen(page, 'console-offer-editor');

    // The demo publisher sees it in My Offers, and a click on the real server is counted.
    const pub = await open(browser, width);
    const jwt = await loginViaApi(pub, DEMO);
    const offer = (await (await apiPost(pub, '/offer', { offer_id: offerId }, jwt)).json()) as {
      data: { tracking_link_base_url: string; payout: number; status: string; tags: string[] };
    };
    expect(offer.data).toMatchObject({ payout: 7.5, status: 'active', tags: ['Outdoor', 'Summer'] });
    const path = new URL(offer.data.tracking_link_base_url).pathname;
    const click = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toMatch(/^https:\/\/northwind-outfitters\.example\/console\?clickid=/);
    const clicks = async () => {
      const r = await apiPost(pub, '/campaign-table', { search: name }, jwt);
      const rows = ((await r.json()) as { data: { id: number; clicks_unique: number }[] }).data;
      return rows.find((row) => row.id === offerId)?.clicks_unique ?? -1;
    };
    await eventually(clicks, 1);
    await goto(pub.page, '/my-offers');
    await pub.page.getByRole('link', { name, exact: true }).waitFor();
    expectNoProblems(pub);
    await pub.close();
    expectNoProblems(s);
    await s.close();
  });

  test('a saved offer: creatives uploaded and by URL, approval required with a request approved, a grant revoked', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const token = await consoleLoginViaApi(s);
    const name = `Gated ${width} ${Date.now()}`;
    const made = await adminCall(s, 'POST', '/offers/new', token, {
      name,
      advertiser_id: 1,
      status: 'active',
      visibility: 'approval_required',
      conversion_method: 'postback',
      events: [{ name: 'Sale', payout: 4, payout_type: 'cpa', revenue: 6, revenue_type: 'cpa' }],
      landing_pages: [{ url: 'https://northwind-outfitters.example/gated?clickid={tid}' }],
    });
    expect(made.status()).toBe(200);
    const offerId = ((await made.json()) as { data: { id: number } }).data.id;

    // The publisher sees it pending and asks for access from the offer's page.
    const pub = await open(browser, width);
    await loginViaApi(pub, DEMO);
    await goto(pub.page, `/offers/${offerId}/details`);
    await pub.page.getByText('Pending Approval').first().waitFor();
    await pub.page.getByRole('button', { name: 'Request access' }).click();
    await pub.page.getByText('Access requested').first().waitFor();
    if (width === 'phone') await checkScreen(pub.page, 'offer-access-requested');
    await pub.close();

    await goto(page, `/admin/offers/${offerId}`);
    await page.getByText(`${name} #${offerId}`).waitFor();
    // Creatives: an uploaded image, shown from its public address; a URL.
    const add = page.getByRole('form', { name: 'Add a creative' });
    await add.getByLabel('Creative name').fill('Square banner');
    await add.getByLabel('Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await add.getByRole('button', { name: 'Add creative' }).click();
    const creatives = page.getByRole('list', { name: 'Creatives' });
    await creatives.getByText('Square banner').waitFor();
    const src = await creatives.locator('img').first().getAttribute('src');
    // An address nobody can guess (docs/security.md, Uploaded creatives).
    expect(src).toMatch(/\/media\/creatives\/[0-9a-f]{64}$/);
    const image = await fetch(`${baseUrl()}${new URL(src!).pathname}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    await add.getByLabel('Creative name').fill('Text link');
    await add.getByLabel('Creative URL').fill('not a url');
    await add.getByRole('button', { name: 'Add creative' }).click();
    await add.getByText('Enter an absolute http(s) URL.').waitFor();
    await add.getByLabel('Creative URL').fill('https://northwind-outfitters.example/banner.html');
    await add.getByLabel('Creative type').selectOption('link');
    await add.getByRole('button', { name: 'Add creative' }).click();
    await creatives.getByText('Text link').waitFor();

    // Offer access: the request approved, then revoked; a grant by id with its field error.
    const requests = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Access requests' });
    await requests.getByText('Demo Media Ltd').first().waitFor();
    await checkScreen(page, 'console-offer-access');
    await requests.getByRole('button', { name: /^Approve Demo Media Ltd/ }).click();
    const grants = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Grants' });
    await grants.getByText('Demo Media Ltd').first().waitFor();
    await page.getByText('No request waits for approval').waitFor();
    await grants.getByRole('button', { name: /^Revoke Demo Media Ltd/ }).click();
    await page.getByText('Nothing granted').waitFor();
    await page.getByLabel('Publisher ID').fill('999999');
    await page.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('No such publisher.').waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test('a request declined with a reason: the reason is asked for, the publisher reads it and may ask again', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const token = await consoleLoginViaApi(s);
    const name = `Declined ${width} ${Date.now()}`;
    const made = await adminCall(s, 'POST', '/offers/new', token, {
      name,
      advertiser_id: 1,
      status: 'active',
      visibility: 'approval_required',
      conversion_method: 'postback',
      events: [{ name: 'Sale', payout: 4, payout_type: 'cpa', revenue: 6, revenue_type: 'cpa' }],
      landing_pages: [{ url: 'https://northwind-outfitters.example/declined?clickid={tid}' }],
    });
    const offerId = ((await made.json()) as { data: { id: number } }).data.id;
    const pub = await open(browser, width);
    const jwt = await loginViaApi(pub, DEMO);
    expect((await apiPost(pub, '/offer-request-access', { offer_id: offerId }, jwt)).status()).toBe(200);

    await goto(page, `/admin/offers/${offerId}`);
    const requests = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Access requests' });
    const decline = requests.getByRole('button', { name: /^Decline Demo Media Ltd/ });
    await decline.click();
    const dialog = page.getByRole('dialog', { name: 'Decline access request' });
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByText('Please enter a reason.').waitFor();
    const reason = `Paid search is not allowed for this advertiser (${width}).`;
    await dialog.getByLabel('Reason').fill(reason);
    await checkScreen(page, 'console-offer-access-decline');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('No request waits for approval').waitFor();
    const entries = await adminCall(s, 'POST', '/audit-log', token, {
      filters: { object_type: 'offer', object_id: String(offerId) },
      limit: 5,
    });
    const audit = (await entries.json()) as { data: { action: string; reason: string | null }[] };
    expect(audit.data).toContainEqual(expect.objectContaining({ action: 'offer.access_decline', reason }));

    // The publisher reads the reason on the offer's page and asks again.
    await goto(pub.page, `/offers/${offerId}/details`);
    await pub.page.getByText(`The network declined your request for access: ${reason}`).waitFor();
    await checkScreen(pub.page, 'offer-access-declined');
    await pub.page.getByRole('button', { name: 'Request access' }).click();
    await pub.page.getByText('Access requested').first().waitFor();
    expectNoProblems(pub);
    await pub.close();
    expectNoProblems(s);
    await s.close();
  });
});
