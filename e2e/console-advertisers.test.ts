import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkScreen, expectNoProblems, goto, launch, open, WIDTHS, type Width } from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';

/**
 * The console's Advertisers area (docs/operator-console.md "Advertisers") as the demo owner, and a
 * viewer's, in real Chromium at a desktop's and a phone's width.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let n = 0;
const unique = (what: string) => `${what} ${process.pid}-${Date.now()}-${n++}`;

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('Advertisers at %s width', (width) => {
  test('list, create with both credentials shown once, rotate each (shown once, never again), edit', async ({
    expect,
  }) => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await consoleLoginViaApi(s);
    await goto(page, '/admin/advertisers');
    await page.getByRole('heading', { name: 'Advertisers', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link', { name: 'Advertisers' }).getAttribute('aria-current')).toBe('page');
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Advertisers' });
    await list.getByRole('link', { name: 'Northwind Outfitters' }).waitFor();
    await list
      .getByText(/Still holds the published demo/)
      .first()
      .waitFor();
    await checkScreen(page, 'console-advertisers');

    const name = unique('Harbor Goods');
    await page.getByRole('button', { name: 'Create advertiser' }).click();
    const form = page.getByRole('dialog', { name: 'Create advertiser' });
    await form.getByRole('button', { name: 'Create' }).waitFor();
    await form.getByLabel('Name').fill(name);
    await checkScreen(page, 'console-advertiser-form');
    await form.getByRole('button', { name: 'Create' }).click();
    const made = page.getByRole('dialog', { name: 'Advertiser created' });
    const secrets = made.getByTestId('secret-once');
    await expect.poll(() => secrets.count()).toBe(2);
    const token = (await secrets.nth(0).textContent())!;
    const pixelSecret = (await secrets.nth(1).textContent())!;
    expect(token).toMatch(/^adv_/);
    expect(pixelSecret).toMatch(/^pxs_/);
    expect(await made.getByRole('button', { name: 'Copy' }).count()).toBe(2);
    await checkScreen(page, 'console-advertiser-created');
    await made.getByRole('button', { name: 'Done' }).click();

    // Its page: never the credentials again, when each was last rotated.
    await page.waitForURL(/\/admin\/advertisers\/\d+$/);
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await page.getByText('This advertiser owns no offers yet.').waitFor();
    expect(await page.getByText('Never rotated').count()).toBe(2);
    const html = await page.content();
    expect(html).not.toContain(token);
    expect(html).not.toContain(pixelSecret);

    await page.getByRole('button', { name: 'Rotate conversion token' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate conversion token' });
    await confirm.getByRole('button', { name: 'Rotate' }).click();
    const fresh = page.getByRole('dialog', { name: 'New conversion API token', exact: true });
    const newToken = (await fresh.getByTestId('secret-once').textContent())!;
    expect(newToken).toMatch(/^adv_/);
    expect(newToken).not.toBe(token);
    await fresh.getByRole('button', { name: 'Copy' }).waitFor();
    if (width === 'desktop') await checkScreen(page, 'console-advertiser-rotated');
    await fresh.getByRole('button', { name: 'Done' }).click();
    await page.getByText(/^Last rotated /).waitFor();
    expect(await page.content()).not.toContain(newToken);

    await page.getByRole('button', { name: 'Rotate pixel secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate pixel secret' }).getByRole('button', { name: 'Rotate' }).click();
    const px = page.getByRole('dialog', { name: 'New pixel signing secret', exact: true });
    const newSecret = (await px.getByTestId('secret-once').textContent())!;
    expect(newSecret).toMatch(/^pxs_/);
    await px.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText(/^Last rotated /).count()).toBe(2);
    expect(await page.content()).not.toContain(newSecret);

    // Nothing read back carries a credential; the audit log says a rotation happened.
    const detail = await adminCall(s, 'GET', `/advertisers/${id}`, jwt);
    for (const secret of [token, pixelSecret, newToken, newSecret]) expect(await detail.text()).not.toContain(secret);
    const audit = await adminCall(s, 'POST', '/audit-log', jwt, {
      filters: { object_type: 'advertiser', object_id: String(id) },
    });
    const entries = ((await audit.json()) as { data: { action: string }[] }).data;
    expect(entries.map((e) => e.action)).toEqual([
      'advertiser.rotate_pixel_secret',
      'advertiser.rotate_token',
      'advertiser.create',
    ]);
    for (const secret of [token, pixelSecret, newToken, newSecret])
      expect(JSON.stringify(entries)).not.toContain(secret);

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit advertiser' });
    await edit.getByLabel('Name').fill(`${name} Ltd`);
    await edit.getByLabel('Status').selectOption('inactive');
    await edit.getByLabel('Reason').fill('Contract paused');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${name} Ltd`, level: 2 }).waitFor();
    await page.getByText('Inactive', { exact: true }).first().waitFor();
    await checkScreen(page, 'console-advertiser');
    expectNoProblems(s);
    await s.close();
  }, 240_000);

  test('a demo advertiser lists the offers it owns', async ({ expect }) => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await consoleLoginViaApi(s);
    const found = await adminCall(s, 'POST', '/advertisers', jwt, { search: 'Northwind Outfitters' });
    const { id } = ((await found.json()) as { data: { id: number }[] }).data[0]!;
    await goto(page, `/admin/advertisers/${id}`);
    await page.getByRole('heading', { name: 'Northwind Outfitters', level: 2 }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Still holds the published demo' }).waitFor();
    const offers = page.locator('li').filter({ hasText: /#\d+ · / });
    await expect.poll(() => offers.count()).toBeGreaterThan(0);
    // Each offer links to its page once the Offers area is in the navigation.
    const offersInNav = await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Offers' })
      .count();
    const links = offers.first().getByRole('link');
    expect(await links.count()).toBe(offersInNav > 0 ? 1 : 0);
    if (offersInNav > 0) expect(await links.first().getAttribute('href')).toMatch(/^\/admin\/offers\/\d+$/);
    await checkScreen(page, 'console-advertiser-offers');
    expectNoProblems(s);
    await s.close();
  });
});

test('a viewer reads the advertisers but has no write buttons, and the server refuses its writes', async () => {
  const s = await open(browser);
  const { page } = s;
  const ownerJwt = await consoleLoginViaApi(s);
  const email = `adv-viewer-${process.pid}-${Date.now()}@ops.test`;
  const invited = await adminCall(s, 'POST', '/operators/invite', ownerJwt, {
    email,
    name: 'Val Viewer',
    role: 'viewer',
  });
  const token = new URL(((await invited.json()) as { data: { link: string } }).data.link).searchParams.get('token');
  const password = 'viewer-password';
  expect(
    (
      await adminCall(s, 'POST', '/auth/set-password', undefined, { token, password, password_verify: password })
    ).status(),
  ).toBe(200);
  const viewerJwt = await consoleLoginViaApi(s, { email, password });
  await goto(page, '/admin/advertisers');
  await page.getByRole('heading', { name: 'Advertisers', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Northwind Outfitters' }).first().click();
  await page.getByRole('heading', { name: 'Northwind Outfitters', level: 2 }).waitFor();
  expect(await page.getByRole('button', { name: 'Create advertiser' }).count()).toBe(0);
  for (const label of ['Edit', 'Rotate conversion token', 'Rotate pixel secret'])
    expect(await page.getByRole('button', { name: label }).count()).toBe(0);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  for (const path of [`/advertisers/${id}/rotate-token`, `/advertisers/${id}/update`, '/advertisers/create']) {
    const r = await adminCall(s, 'POST', path, viewerJwt, path.endsWith('create') ? { name: 'X' } : {});
    expect(r.status()).toBe(403);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe('0x4030');
  }
  await checkScreen(page, 'console-advertiser-viewer');
  expectNoProblems(s);
  await s.close();
});
