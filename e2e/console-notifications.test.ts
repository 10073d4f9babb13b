import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkScreen, expectNoProblems, goto, launch, open, WIDTHS, type Width } from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';
import { allNotifications, bell, bellName, dropdown, escape, login } from './helpers/notifications.ts';

/**
 * The console's Notifications area (docs/operator-console.md "Notifications"): a notice composed and
 * sent in the console rings the demo publisher's bell, and its read count rises when they read it.
 * Run one width after the other: both send to the demo publisher, whose unread count is checked.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(Object.keys(WIDTHS) as Width[])('Notifications at %s width', (width) => {
  test('compose to a chosen publisher, Send; the bell rings for them; their read shows in the sent list', async () => {
    const ops = await open(browser, width);
    const { page } = ops;
    await consoleLoginViaApi(ops);
    await goto(page, '/admin/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await checkScreen(page, 'console-notifications');

    // Bad input: the server's field errors at their fields.
    const title = `Payout calendar ${width} ${Date.now()}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Body').fill('<p>Payouts move to <b>Friday</b>.</p><img src=x onerror="alert(1)">');
    await page.getByLabel('Urgent').check();
    await page.getByLabel('Chosen publishers').check();
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.isDisabled()).toBe(true);
    const picker = page.getByRole('combobox', { name: /^Publishers/ });
    await picker.click();
    await picker.fill('demo@portal.test');
    await page.getByRole('option').first().waitFor();
    expect(await page.getByRole('option').count()).toBe(1);
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    if (width === 'desktop') await checkScreen(page, 'console-notification-compose');
    await send.click();
    await page.getByText('Sent to 1 publisher.').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('');

    const sent = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Sent notifications' });
    const row = sent.getByRole(width === 'desktop' ? 'row' : 'listitem').filter({ hasText: title });
    await row.waitFor();
    await row.getByText('0 of 1').waitFor();
    await row.getByText('Urgent', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Payouts move to Friday.');
    expect(await row.textContent()).not.toContain('<b>');
    await checkScreen(page, 'console-notifications-sent');

    // The demo publisher's own browser: the bell counts it unread and lists it.
    const pub = await login(browser, width);
    const unread = (await allNotifications(pub)).filter((x) => !x.is_read);
    const notice = unread.find((x) => x.summary === title)!;
    expect(notice).toMatchObject({ urgent: true });
    expect(notice.description).not.toMatch(/onerror/);
    await goto(pub.page, '/my-offers');
    await pub.page.getByRole('button', { name: `Notifications, ${unread.length} unread`, exact: true }).waitFor();
    await bell(pub.page).click();
    const item = dropdown(pub.page).getByRole('button', { name: new RegExp(escape(title)) });
    await item.waitFor();
    await checkScreen(pub.page, 'console-notice-in-bell');
    await item.click();
    await pub.page.getByRole('dialog', { name: title, exact: true }).getByText('Payouts move to').waitFor();
    await expect
      .poll(() => bellName(pub.page))
      .toBe(unread.length === 1 ? 'Notifications' : `Notifications, ${unread.length - 1} unread`);
    expectNoProblems(pub);
    await pub.close();

    // Its read count rises in the console.
    await expect
      .poll(async () => {
        await page
          .getByRole('button', { name: /refresh/i })
          .first()
          .click();
        return row.getByText('1 of 1').count();
      })
      .toBe(1);
    expectNoProblems(ops);
    await ops.close();
  });
});

test('a viewer sees the sent list without the compose form; the server refuses its send', async () => {
  const s = await open(browser);
  const { page } = s;
  const ownerJwt = await consoleLoginViaApi(s);
  const email = `notice-viewer-${process.pid}-${Date.now()}@ops.test`;
  const invited = await adminCall(s, 'POST', '/operators/invite', ownerJwt, {
    email,
    name: 'Nia Viewer',
    role: 'viewer',
  });
  const token = new URL(((await invited.json()) as { data: { link: string } }).data.link).searchParams.get('token');
  const password = 'viewer-password';
  await adminCall(s, 'POST', '/auth/set-password', undefined, { token, password, password_verify: password });
  const viewerJwt = await consoleLoginViaApi(s, { email, password });
  await goto(page, '/admin/notifications');
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Sent', level: 2 }).waitFor();
  expect(await page.getByRole('heading', { name: 'Compose' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
  const r = await adminCall(s, 'POST', '/notifications/send', viewerJwt, { title: 'Nope', audience: 'all' });
  expect(r.status()).toBe(403);
  expect(((await r.json()) as { error: { code: string } }).error.code).toBe('0x4030');
  await checkScreen(page, 'console-notifications-viewer');
  expectNoProblems(s);
  await s.close();
});
