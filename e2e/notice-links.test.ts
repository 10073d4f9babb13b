import { formatDateTime } from '@portal/shared/format';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  baseUrl,
  checkScreen,
  columnHeaders,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  MULTI,
  open,
  recordCalls,
  scrollsSideways,
  storeSession,
  WIDTHS,
  type Session,
  type Width,
} from './helpers/browser.ts';
import { allNotifications, bell, dropdown, type Opened } from './helpers/notifications.ts';

/**
 * What a notice is about, one step away (docs/screens.md, Notifications and Global Pixels And
 * Postbacks): a real failing postback on the "Multi Brand Media – US" account (a postback aimed at
 * an address the delivery refuses, fed by a real click and conversion), its notice's links in the
 * bell, the side panel and the Notifications page, the postback's delivery health in the lists, a
 * delivery the fan-out limit kept from being sent, and the demo's invoice notice.
 */
let browser: Browser;
let account: { jwt: string; publisherId: number };

const NORTHWIND_TOKEN = 'demo-adv-northwind-7f3a9c2e';
const FAILING = 'Orders to CRM';
const FAILING_SUMMARY = `Postback "${FAILING}" is failing`;
const FAILING_2 = 'Leads to CRM';
const FANOUT = (n: number) => `Fan-out ${String(n).padStart(2, '0')}`;

/** The US account of the multi-account user: a token for it, chosen as the account picker does. */
async function usAccount(s: Session): Promise<{ jwt: string; publisherId: number }> {
  const auth = await apiPost(s, '/user/authenticate', { user_name: MULTI.email, password: MULTI.password });
  const choice = ((await auth.json()) as { data: { jwt: string } }).data.jwt;
  const listed = (await (await apiPost(s, '/multi-login', {}, choice)).json()) as {
    data: { user: { id: number }; accounts: { account_id: number; account_name: string }[] };
  };
  const us = listed.data.accounts.find((a) => a.account_name === 'Multi Brand Media – US')!;
  const r = await apiPost(s, '/impersonate', { user_id: listed.data.user.id, publisher_id: us.account_id }, choice);
  expect(r.status()).toBe(200);
  return { jwt: ((await r.json()) as { data: { jwt: string } }).data.jwt, publisherId: us.account_id };
}

async function createPostback(s: Session, name: string, offerId: number, value: string): Promise<number> {
  const r = await apiPost(
    s,
    '/postback/create',
    {
      postback_name: name,
      postback_status: 'active',
      postback_type: 'postback',
      postback_value: value,
      postback_offer_id: offerId,
      postback_event_id: null,
      postback_event_type: null,
    },
    account.jwt,
  );
  expect(r.status(), await r.text()).toBe(200);
  return ((await r.json()) as { data: { postback_id: number } }).data.postback_id;
}

/** A click through the tracking link, then the advertiser's server reporting its conversion. */
async function convert(s: Session, offerId: number) {
  const click = await s.context.request.get(`${baseUrl()}/c/${offerId}/${account.publisherId}`, { maxRedirects: 0 });
  expect(click.status()).toBe(302);
  const tid = new URL(click.headers()['location']!).searchParams.get('clickid')!;
  expect(tid).toBeTruthy();
  const conv = await s.context.request.get(
    `${baseUrl()}/postback?tid=${tid}&amount=20&token=${encodeURIComponent(NORTHWIND_TOKEN)}`,
  );
  expect(conv.status(), await conv.text()).toBe(200);
}

async function until<T>(read: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 300));
  }
}

interface ListedPostback {
  postback_id: number;
  postback_name: string;
  failing_since: string | null;
  deliveries_retrying: number;
}
async function listed(s: Session): Promise<ListedPostback[]> {
  const r = await apiPost(s, '/postback-table', { filters: { status: 'all' }, limit: 50 }, account.jwt);
  return ((await r.json()) as { data: ListedPostback[] }).data;
}

let failingId = 0;
let failing2Id = 0;
let refusedId = 0;

beforeAll(async () => {
  browser = await launch();
  const s = await open(browser);
  await goto(s.page, '/login');
  account = await usAccount(s);
  // Port 9 of the loopback address: refused before any connection, for good (no retry).
  failingId = await createPostback(s, FAILING, 1, 'http://127.0.0.1:9/orders?tid={tid}');
  failing2Id = await createPostback(s, FAILING_2, 1, 'http://127.0.0.1:9/leads?tid={tid}');
  // One more postback than one conversion may send: the 21st is kept back.
  for (let n = 1; n <= 21; n++) {
    const id = await createPostback(s, FANOUT(n), 2, `https://fanout-${n}.demo-media.test/pb?tid={tid}`);
    if (n === 21) refusedId = id;
  }
  await convert(s, 1);
  await convert(s, 2);
  // The delivery fails, the postback is marked failing and its notice is sent.
  await until(async () => {
    const mine = await allNotifications({ ...s, jwt: account.jwt } as Opened);
    const both = [FAILING, FAILING_2].every((name) => mine.some((n) => n.summary === `Postback "${name}" is failing`));
    return both ? true : undefined;
  }, 90_000);
  await until(async () =>
    (await listed(s)).find((p) => p.postback_name === FANOUT(1))?.deliveries_retrying ? true : undefined,
  );
  await s.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

async function openAs(width: Width): Promise<Session> {
  const s = await open(browser, width);
  await goto(s.page, '/login');
  await storeSession(s.page, account.jwt);
  await goto(s.page, '/');
  await s.page.getByRole('button', { name: /^Account menu for / }).waitFor();
  return s;
}

const widths = Object.keys(WIDTHS) as Width[];

describe('a failing postback’s notice links to its delivery log', () => {
  test.each(widths)(
    'bell: the unread item links to its delivery log; following the link reads it (%s)',
    async (width) => {
      const s = await openAs(width);
      const { page } = s;
      // One notice for each width: the first is read by opening it, the second by following its link.
      const [name, id] = width === 'desktop' ? [FAILING, failingId] : [FAILING_2, failing2Id];
      const summary = `Postback "${name}" is failing`;
      const notice = (await allNotifications({ ...s, jwt: account.jwt } as Opened)).find((n) => n.summary === summary)!;
      expect(notice).toMatchObject({
        is_read: false,
        urgent: true,
        context_domain: null,
        context_id: null,
        target: { domain: 'postback', id },
      });
      await bell(page).click();
      const menu = dropdown(page);
      const link = menu.getByRole('link', { name: `View deliveries: ${summary}` });
      expect(await link.getAttribute('href')).toBe(`/global-pixel-postback?deliveries=${id}`);
      await checkScreen(page, 'notice-links-bell');
      const log = page.getByRole('dialog', { name: `Deliveries: ${name}` });
      if (width === 'desktop') {
        // The side panel: the description says where to go, and its button goes there.
        await menu.getByRole('button', { name: new RegExp(summary) }).click();
        const panel = page.getByRole('dialog', { name: summary });
        await panel.getByText('replay the failed deliveries from the delivery log', { exact: false }).waitFor();
        expect(await panel.getByRole('link', { name: 'Check it Out' }).count()).toBe(0);
        await panel.getByRole('link', { name: 'View deliveries' }).click();
      } else {
        const reads = recordCalls(page, '/notifications/set-notification-as-read-by-id');
        await link.click();
        await until(async () => (reads.length > 0 ? true : undefined), 10_000);
        expect(reads[0]!.body).toEqual({ notification_id: notice.notification_id });
      }
      await page.waitForURL(new RegExp(`/global-pixel-postback\\?deliveries=${id}$`));
      await log.getByRole('list', { name: 'Attempts' }).getByText('Address refused').first().waitFor();
      await log.getByText('Delivery failed').first().waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'notice-links-delivery-log');
      // Closing it leaves the plain list.
      await page.keyboard.press('Escape');
      await log.waitFor({ state: 'detached' });
      await page.waitForURL(/\/global-pixel-postback$/);
      expectNoProblems(s);
      await s.close();
    },
  );

  test.each(widths)(
    'Notifications page: the row links to the delivery log, and so does its panel (%s)',
    async (width) => {
      const s = await openAs(width);
      const { page } = s;
      await goto(page, '/notifications');
      const list = page.getByRole('list', { name: 'Notifications' });
      const link = list.getByRole('link', { name: `View deliveries: ${FAILING_SUMMARY}` });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/global-pixel-postback?deliveries=${failingId}`);
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'notice-links-page');
      await list.getByRole('button', { name: new RegExp(FAILING_SUMMARY) }).click();
      const panel = page.getByRole('dialog', { name: FAILING_SUMMARY });
      await panel.getByRole('link', { name: 'View deliveries' }).waitFor();
      await checkScreen(page, 'notice-links-panel');
      await panel.getByRole('link', { name: 'View deliveries' }).click();
      await page.getByRole('dialog', { name: `Deliveries: ${FAILING}` }).waitFor();
      expectNoProblems(s);
      await s.close();
    },
  );
});

describe('delivery health beside the status', () => {
  test.each(widths)(
    'global list and the offer’s list: failing since when, retrying, View deliveries (%s)',
    async (width) => {
      const s = await openAs(width);
      const { page } = s;
      const failing = (await listed(s)).find((p) => p.postback_id === failingId)!;
      const profile = await apiPost(s, '/user', undefined, account.jwt);
      const timeZone = ((await profile.json()) as { data: { user_timezone: string } }).data.user_timezone;
      // The portal's one way of writing a time (docs/limits.md "Formats"), in the profile's zone.
      const since = formatDateTime(failing.failing_since!, timeZone);
      await goto(page, '/global-pixel-postback');
      const rowIn = (label: string, name: string) =>
        width === 'desktop'
          ? page
              .getByRole('table', { name: label, exact: true })
              .getByRole('row')
              .filter({ has: page.getByRole('cell', { name, exact: true }) })
          : page
              .getByRole('list', { name: label, exact: true })
              .getByRole('listitem')
              .filter({ has: page.getByText(name, { exact: true }) });
      const row = (name: string) => rowIn('Pixels and postbacks', name);
      const failingRow = row(FAILING);
      await failingRow.getByText('Failing', { exact: true }).waitFor();
      await failingRow.getByText(`since ${since}`, { exact: true }).waitFor();
      await failingRow.getByText('Active', { exact: true }).waitFor();
      const retryingRow = row(FANOUT(1));
      await retryingRow.getByText('Retrying', { exact: true }).waitFor();
      await retryingRow.getByText('1 delivery to retry', { exact: true }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'postback-health');
      await failingRow.getByRole('button', { name: `View deliveries of ${FAILING}` }).click();
      const log = page.getByRole('dialog', { name: `Deliveries: ${FAILING}` });
      await log.getByRole('list', { name: 'Attempts' }).getByText('Address refused').first().waitFor();
      await page.keyboard.press('Escape');
      await log.waitFor({ state: 'detached' });

      // The offer's own list: each postback's name, and the same health.
      await goto(page, '/offers/1/postbacks-and-pixels');
      const label = 'Pixels and postbacks of Northwind Summer Sale';
      const offerRow = rowIn(label, FAILING);
      await offerRow.waitFor();
      if (width === 'desktop') {
        expect(await columnHeaders(page, label)).toEqual(['Name', 'Event', 'Type', 'Value', 'Status', 'Actions']);
      }
      await offerRow.getByText(`since ${since}`, { exact: true }).waitFor();
      await offerRow.getByRole('button', { name: `View deliveries of ${FAILING}` }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'offer-postback-health');
      expectNoProblems(s);
      await s.close();
    },
  );
});

describe('a delivery the fan-out limit kept back', () => {
  test.each(widths)('reads "Too many postbacks" in its delivery log (%s)', async (width) => {
    const s = await openAs(width);
    const { page } = s;
    await goto(page, `/global-pixel-postback?deliveries=${refusedId}`);
    const log = page.getByRole('dialog', { name: `Deliveries: ${FANOUT(21)}` });
    const attempts = log.getByRole('list', { name: 'Attempts' });
    await attempts.getByText('Too many postbacks', { exact: true }).waitFor();
    await attempts
      .getByText('Not sent: this conversion matched more than 20 postbacks, the most one conversion may send.')
      .waitFor();
    await attempts.getByText('Delivery stopped').waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await checkScreen(page, 'delivery-too-many-postbacks');
    expectNoProblems(s);
    await s.close();
  });
});

describe('an invoice notice links to its invoice', () => {
  test.each(widths)('the demo’s "Your invoice is ready" (%s)', async (width) => {
    const s = await open(browser, width);
    const jwt = await loginViaApi(s, DEMO);
    const { page } = s;
    const notice = (await allNotifications({ ...s, jwt } as Opened)).find(
      (n) => n.summary === 'Your invoice is ready',
    )!;
    expect(notice.target).toMatchObject({ domain: 'invoice' });
    const href = `/invoices/${notice.target!.id}`;
    await goto(page, '/notifications');
    const link = page.getByRole('link', { name: 'View invoice: Your invoice is ready' });
    expect(await link.getAttribute('href')).toBe(href);
    await goto(page, href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(href);
    expectNoProblems(s);
    await s.close();
  });
});

/** The element with focus, by its accessible name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? null;
  });

describe('focus goes back to the opener when a dialog closes', () => {
  test.each(widths)('by Escape, by its close button and after a save, keyboard only (%s)', async (width) => {
    const s = await openAs(width);
    const { page } = s;
    await goto(page, '/global-pixel-postback');
    await page.getByText(FAILING_2, { exact: true }).first().waitFor();

    // Edit, opened with the keyboard, closed by Escape.
    const edit = page.getByRole('button', { name: `Edit ${FAILING_2}`, exact: true });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Pixel / Postback' });
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`Edit ${FAILING_2}`);

    // The delivery log, closed by its close button (reached with Tab from the dialog's start).
    const deliveries = page.getByRole('button', { name: `Deliveries of ${FAILING_2}`, exact: true });
    await deliveries.focus();
    await page.keyboard.press('Enter');
    const log = page.getByRole('dialog', { name: `Deliveries: ${FAILING_2}` });
    await log.getByRole('list', { name: 'Attempts' }).waitFor();
    await log.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await log.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe(`Deliveries of ${FAILING_2}`);

    // Add, closed by Dismiss.
    const add = page.getByRole('button', { name: 'Add Pixel / Postback' });
    await add.focus();
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Create Pixel / Postback' });
    await create.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await create.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Add Pixel / Postback');

    // Edit, saved: the list reloads, focus is on the same Edit button.
    await edit.focus();
    await page.keyboard.press('Enter');
    await dialog.getByRole('textbox', { name: 'Name' }).waitFor();
    await dialog.getByRole('button', { name: 'Update' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`${FAILING_2} has been updated.`).first().waitFor();
    await expect.poll(() => focused(page)).toBe(`Edit ${FAILING_2}`);
    expectNoProblems(s);
    await s.close();
  });

  test('the notification panel: back to its row, or to the bell when opened from the dropdown', async () => {
    const s = await openAs('desktop');
    const { page } = s;
    await goto(page, '/notifications');
    const row = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: new RegExp(FAILING_SUMMARY) });
    await row.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: FAILING_SUMMARY });
    await panel.getByRole('link', { name: 'View deliveries' }).waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? null)).toBe(
      await row.getAttribute('aria-labelledby'),
    );

    // From the bell's dropdown (gone once the panel opens): back to the bell.
    const bellButton = bell(page);
    await bellButton.focus();
    await page.keyboard.press('Enter');
    const menu = dropdown(page);
    await menu.getByRole('link', { name: 'View All' }).waitFor();
    const items = menu.getByRole('list', { name: 'Unread notifications' }).getByRole('button');
    if ((await items.count()) > 0) {
      await items.first().focus();
      await page.keyboard.press('Enter');
      const opened = page.getByRole('dialog').filter({ hasNot: page.getByRole('link', { name: 'View All' }) });
      await opened.getByRole('button', { name: 'Close' }).waitFor();
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'detached' });
      expect(await focused(page)).toMatch(/^Notifications/);
    }
    expectNoProblems(s);
    await s.close();
  });
});
