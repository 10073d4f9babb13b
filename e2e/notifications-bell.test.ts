import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launch, apiPost, checkScreen, eventually, expectNoProblems, goto, recordCalls } from './helpers/browser.ts';
import {
  MODAL_PATH,
  BY_ID_PATH,
  SET_READ_PATH,
  escape,
  spaces,
  fullDate,
  allNotifications,
  bell,
  bellName,
  shaking,
  dropdown,
  openList,
  listRow,
  fulfill,
  login,
  type Notification,
} from './helpers/notifications.ts';

/**
 * The notification bell, its dropdown and the side panel (docs/screens.md "Navigation" and "Notifications")
 * against the demo publisher's notifications. Tests run in order and some mark
 * notifications read: each reads what is unread from the API first instead of assuming the seed's counts.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('Notification bell', () => {
  test('badge and name count the unread, the bell shakes for an urgent one (not under reduced motion), the dropdown lists the unread only, View All', async () => {
    const s = await login(browser);
    const { page } = s;
    const all = await allNotifications(s);
    const unread = all.filter((n) => !n.is_read);
    expect(unread.some((n) => n.urgent)).toBe(true);
    expect(all.some((n) => n.is_read)).toBe(true);

    const calls = recordCalls(page, MODAL_PATH);
    await goto(page, '/my-offers');
    await page.getByRole('heading', { level: 1, name: 'My Offers' }).waitFor();
    await page.getByRole('button', { name: `Notifications, ${unread.length} unread`, exact: true }).waitFor();
    expect(calls[0]!.body).toEqual({});
    expect(await page.getByTestId('bell-badge').textContent()).toBe(String(unread.length));
    // The badge is red.
    expect(await page.getByTestId('bell-badge').evaluate((el) => el.className)).toMatch(/\bbg-red-600\b/);
    // These sessions ask for reduced motion: no shake. Without that wish, it shakes.
    expect(await shaking(page)).toBe(false);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await eventually(() => shaking(page), true);

    await bell(page).click();
    const menu = dropdown(page);
    const items = menu.getByRole('list', { name: 'Unread notifications' }).getByRole('button');
    await expect.poll(() => items.count()).toBe(unread.length);
    for (const [i, n] of unread.entries()) expect(await items.nth(i).textContent()).toContain(n.summary);
    for (const n of all.filter((x) => x.is_read)) expect(await menu.getByText(n.summary).count()).toBe(0);
    // Urgent ones carry the red exclamation badge.
    expect(await menu.getByTestId('urgent-badge').count()).toBe(unread.filter((n) => n.urgent).length);
    await checkScreen(page, 'notification-bell');

    await menu.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL(/\/notifications$/);
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Notifications', exact: true }).waitFor();
    expectNoProblems(s);
    await s.close();
  });

  test("5 placeholder rows while loading; with nothing unread no badge, no shake and 'No unread notifications'", async () => {
    const s = await login(browser);
    const { page } = s;
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    let release: (body: unknown) => void = () => {};
    await page.route(`**/api/v1${MODAL_PATH}`, async (route) => {
      const body = await new Promise<unknown>((r) => (release = r));
      await fulfill(route, body);
    });
    await goto(page, '/invoices');
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await bell(page).click();
    await expect.poll(() => dropdown(page).getByTestId('notification-placeholder').count()).toBe(5);
    release({ data: [] });
    await dropdown(page).getByText('No unread notifications', { exact: true }).waitFor();
    expect(await dropdown(page).getByTestId('notification-placeholder').count()).toBe(0);
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await page.getByTestId('bell-badge').count()).toBe(0);
    expect(await shaking(page)).toBe(false);
    await dropdown(page).getByRole('link', { name: 'View All' }).waitFor();
    await checkScreen(page, 'notification-bell-empty');
    await page.keyboard.press('Escape');

    // Unread but none urgent: the badge without the shake.
    await page.unroute(`**/api/v1${MODAL_PATH}`);
    await page.route(`**/api/v1${MODAL_PATH}`, (route) =>
      fulfill(route, {
        data: [
          {
            notification_id: 9001,
            datetime_sent: new Date().toISOString(),
            summary: 'Calm news',
            description: '<p>Nothing urgent.</p>',
            is_read: false,
            urgent: false,
            context_domain: null,
            context_id: null,
          },
        ],
      }),
    );
    await page.reload();
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await page.getByTestId('bell-badge').textContent()).toBe('1');
    expect(await shaking(page)).toBe(false);
    expectNoProblems(s);
    await s.close();
  });

  test('choosing an item opens the side panel (summary, date in the profile zone, HTML description, Check it Out) and marks it read at once', async () => {
    const s = await login(browser);
    const { page } = s;
    const unread = (await allNotifications(s)).filter((n) => !n.is_read);
    // The seeded cap notice with a link in its text (the demo traffic may add cap notices of its own).
    const target = unread.find(
      (n) => n.urgent && n.context_domain === 'offer' && n.description.includes('How caps work'),
    )!;
    expect(target).toBeDefined();
    const stillUrgent = unread.some((n) => n.urgent && n !== target);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await goto(page, '/invoices');
    await page.getByRole('button', { name: `Notifications, ${unread.length} unread` }).waitFor();

    const setRead = recordCalls(page, SET_READ_PATH);
    const byId = recordCalls(page, BY_ID_PATH);
    // The call is held: the bell must update before the server answers.
    let release: () => void = () => {};
    await page.route(`**/api/v1${SET_READ_PATH}`, async (route) => {
      await new Promise<void>((r) => (release = r));
      await route.continue();
    });
    await bell(page).click();
    await dropdown(page)
      .getByRole('button', { name: new RegExp(escape(target.summary)) })
      .click();
    const panel = page.getByRole('dialog', { name: target.summary, exact: true });
    await panel.waitFor();
    await dropdown(page).waitFor({ state: 'detached' });
    expect(spaces(await panel.locator('time').textContent())).toBe(spaces(fullDate(target.datetime_sent)));
    expect(await panel.getByText('Urgent', { exact: true }).count()).toBe(1);
    // The description is HTML: its link is a link, no tag shows as text.
    const description = panel.getByTestId('notification-description');
    expect(await description.textContent()).not.toMatch(/<\/?[a-z]/i);
    const link = description.getByRole('link', { name: 'How caps work' });
    expect(await link.getAttribute('href')).toBe('https://portal.test/help/caps');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toMatch(/\bnoopener\b/);

    await expect.poll(() => setRead.length).toBe(1);
    expect(setRead[0]!.body).toEqual({ notification_id: target.notification_id });
    expect(byId[0]!.body).toEqual({ notification_id: target.notification_id });
    await expect.poll(() => bellName(page)).toBe(`Notifications, ${unread.length - 1} unread`);
    expect(await shaking(page)).toBe(stillUrgent);
    release();
    await eventually(async () => {
      const r = await apiPost(s, BY_ID_PATH, { notification_id: target.notification_id }, s.jwt);
      return ((await r.json()) as { data: Notification }).data.is_read;
    }, true);
    await checkScreen(page, 'notification-panel-offer');

    await panel.getByRole('link', { name: 'Check it Out' }).click();
    await page.waitForURL(new RegExp(`/offers/${target.context_id}/details$`));
    await panel.waitFor({ state: 'detached' });
    // Read now: it has left the dropdown.
    await bell(page).click();
    await dropdown(page).getByRole('link', { name: 'View All' }).waitFor();
    expect(await dropdown(page).getByText(target.summary).count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });

  test("a failed load shows 'Something went wrong' in a panel titled 'Error', without leaving the page", async () => {
    const s = await login(browser);
    const { page } = s;
    const read = (await allNotifications(s)).find((n) => n.is_read)!;
    for (const status of [500, 404]) {
      await page.route(`**/api/v1${BY_ID_PATH}`, (route) =>
        fulfill(route, { error: { code: status === 500 ? '0x500' : '0x4040', message: 'x' } }, status),
      );
      await openList(s);
      await listRow(page, read.summary).click();
      const panel = page.getByRole('dialog', { name: 'Error', exact: true });
      await panel.getByText('Something went wrong', { exact: true }).waitFor();
      expect(await panel.getByRole('link', { name: 'Check it Out' }).count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/notifications');
      if (status === 500) await checkScreen(page, 'notification-panel-error');
      await panel.getByRole('button', { name: 'Close' }).click();
      await panel.waitFor({ state: 'detached' });
      await page.unroute(`**/api/v1${BY_ID_PATH}`);
    }
    // The 500 page never showed.
    expect(await page.getByText('Something went wrong.', { exact: true }).count()).toBe(0);
    await s.close();
  });
});
