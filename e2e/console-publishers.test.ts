import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  open,
  WIDTHS,
  type Session,
  type Width,
} from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';

/**
 * The console's Publishers area (docs/operator-console.md "Publishers"): a sign-up found, approved
 * with a reason and then able to log in; View as publisher opening the portal with its banner, in
 * the audit log; a viewer's console without the writes, and the server refusing them.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let n = 0;
const unique = (what: string) => `${what}-${process.pid}-${Date.now()}-${n++}`;

/** A sign-up through the publisher API, as the sign-up page sends it: pending approval. */
async function signUp(s: Session, company: string) {
  const email = `${unique('signup')}@publishers.test`;
  const password = 'signup-password';
  const r = await apiPost(s, '/publisher/sign-up', {
    user_name_first: 'Sia',
    user_name_last: 'Signup',
    user_title: 'Founder',
    user_phone: '+1 416 555 0100',
    user_email: email,
    user_chat_platform: 'telegram',
    user_chat_platform_id: '@sia',
    user_password: password,
    user_password_verify: password,
    company_name: company,
    company_address_street_1: '1 King St W',
    company_address_street_2: null,
    company_address_city: 'Toronto',
    company_address_region: 'ON',
    company_address_postal_code: 'M5H 1A1',
    company_address_country: 'CA',
    company_website_url: 'signup.example.com',
    company_phone: '+1 416 555 0101',
    company_tax_id: 'CA123456789',
    user_referrer_account_id: null,
    user_business_unit_id: null,
    speculative: false,
  });
  expect(r.status(), await r.text()).toBe(200);
  return { email, password };
}

async function publisherIdOf(s: Session, jwt: string, email: string): Promise<number> {
  const r = await adminCall(s, 'POST', '/publishers', jwt, { search: email });
  const rows = ((await r.json()) as { data: { id: number }[] }).data;
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('Publishers at %s width', (width) => {
  test('a new sign-up is found, approved with a reason, and can log in', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await consoleLoginViaApi(s);
    const company = unique('Approve Media');
    const signup = await signUp(s, company);
    expect(
      (await apiPost(s, '/user/authenticate', { user_name: signup.email, password: signup.password })).status(),
    ).not.toBe(200);

    // From the Overview's pending list to the Publishers area, filtered by the address.
    await goto(page, '/admin');
    await page.getByRole('link', { name: 'Review every pending publisher' }).click();
    await page.getByRole('heading', { name: 'Publishers', level: 1 }).waitFor();
    if (width === 'phone') await page.getByRole('button', { name: /filters/i }).click();
    expect(await page.getByLabel('Status').inputValue()).toBe('pending');
    await page.getByLabel('Search publishers').fill(signup.email);
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Publishers' });
    await list.getByRole('link', { name: company }).waitFor();
    await checkScreen(page, 'console-publishers');

    await list.getByRole('link', { name: company }).click();
    await page.getByRole('heading', { name: company, level: 2 }).waitFor();
    await page.getByText(signup.email).first().waitFor();
    await page.getByRole('heading', { name: 'Month to date' }).waitFor();
    expect(await page.getByRole('button', { name: 'View as publisher' }).count()).toBe(0);
    await checkScreen(page, 'console-publisher-pending');

    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Approve ${company}` });
    const confirm = dialog.getByRole('button', { name: 'Approve' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason').fill('Website and traffic sources checked');
    if (width === 'desktop') await checkScreen(page, 'console-publisher-approve');
    await confirm.click();
    await expectToast(page, `${company} is now active.`, 'success');
    await page.getByRole('button', { name: 'Suspend' }).waitFor();
    await page.getByRole('button', { name: 'View as publisher' }).waitFor();

    const login = await apiPost(s, '/user/authenticate', { user_name: signup.email, password: signup.password });
    expect(login.status()).toBe(200);
    expectNoProblems(s);
    await s.close();
  });

  test('View as publisher opens the portal in a new tab with its banner, and is in the audit log', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await consoleLoginViaApi(s);
    const id = await publisherIdOf(s, jwt, DEMO.email);
    await goto(page, `/admin/publishers/${id}`);
    await page.getByRole('heading', { name: 'Users and linked accounts' }).waitFor();
    await page.getByText(DEMO.email).first().waitFor();
    await checkScreen(page, 'console-publisher');

    const [tab] = await Promise.all([
      s.context.waitForEvent('page'),
      page.getByRole('button', { name: 'View as publisher' }).click(),
    ]);
    const banner = tab.getByRole('status').filter({ hasText: 'Viewing as' });
    await banner.waitFor();
    await banner.getByText('ops@portal.test').waitFor();
    await tab.getByRole('button', { name: /^Account menu for / }).waitFor();
    expect(await banner.textContent()).toMatch(/^Viewing as .+ — operator ops@portal\.test$/);
    expect(tab.url()).not.toContain('login_code');
    // The whole session: another page of the portal still says so.
    await goto(tab, '/my-offers');
    await tab.getByRole('status').filter({ hasText: 'operator ops@portal.test' }).waitFor();
    await checkScreen(tab, 'portal-viewed-as-publisher');

    const audit = await adminCall(s, 'POST', '/audit-log', jwt, {
      filters: { object_type: 'publisher', object_id: String(id) },
    });
    const [entry] = ((await audit.json()) as { data: { action: string; actor: string }[] }).data;
    expect(entry).toMatchObject({ action: 'publisher.view_as', actor: 'ops@portal.test' });
    expectNoProblems(s);
    await s.close();
  });
});

test('a viewer reads a publisher without the writes; the server refuses its approve and its view as publisher', async () => {
  const s = await open(browser);
  const { page } = s;
  const ownerJwt = await consoleLoginViaApi(s);
  const email = `${unique('viewer')}@ops.test`;
  const password = 'viewer-password';
  const invited = await adminCall(s, 'POST', '/operators/invite', ownerJwt, {
    email,
    name: 'Val Viewer',
    role: 'viewer',
  });
  const token = new URL(((await invited.json()) as { data: { link: string } }).data.link).searchParams.get('token');
  expect(
    (
      await adminCall(s, 'POST', '/auth/set-password', undefined, { token, password, password_verify: password })
    ).status(),
  ).toBe(200);
  const viewerJwt = await consoleLoginViaApi(s, { email, password });

  const signup = await signUp(s, unique('Viewer Waits'));
  const pendingId = await publisherIdOf(s, viewerJwt, signup.email);
  const refused = await adminCall(s, 'POST', `/publishers/${pendingId}/status`, viewerJwt, {
    action: 'approve',
    reason: 'Not mine to approve',
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('0x4030');

  await goto(page, `/admin/publishers/${pendingId}`);
  await page.getByRole('heading', { name: 'Users and linked accounts' }).waitFor();
  for (const name of ['Approve', 'Reject', 'Link a user', 'Save'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);

  // Viewing as a publisher is for owners and managers: no button, and the server refuses it.
  const demoId = await publisherIdOf(s, viewerJwt, DEMO.email);
  await goto(page, `/admin/publishers/${demoId}`);
  await page.getByRole('heading', { name: 'Users and linked accounts' }).waitFor();
  expect(await page.getByRole('button', { name: 'View as publisher' }).count()).toBe(0);
  const viewAs = await adminCall(s, 'POST', `/publishers/${demoId}/view-as`, viewerJwt, {});
  expect(viewAs.status()).toBe(403);
  expectNoProblems(s);
  await s.close();
});
