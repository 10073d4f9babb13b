import type { Browser, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import type { recordCalls } from './browser.ts';
import { apiPost, DEMO, goto, loginViaApi, open, type Session } from './browser.ts';

/**
 * What the notification tests share (e2e/notifications-*.test.ts): the demo user's notifications
 * from the API, the bell, its dropdown, the list page's rows.
 */
export interface Notification {
  notification_id: number;
  datetime_sent: string;
  summary: string;
  description: string;
  is_read: boolean;
  urgent: boolean;
  context_domain: 'offer' | null;
  context_id: number | null;
  target?: { domain: 'offer' | 'postback' | 'invoice'; id: number } | null;
}

/** The demo user's profile zone (demo seed): the panel's date is in it. */
export const ZONE = 'America/Toronto';
export const TABLE_PATH = '/notifications/get-notification-table-data';
export const MODAL_PATH = '/notifications/get-notification-modal-data';
export const BY_ID_PATH = '/notifications/get-notification-by-id';
export const SET_READ_PATH = '/notifications/set-notification-as-read-by-id';

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const spaces = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
/** A time as the portal shows every time: `2026-11-23 9:04:38 PM` in the profile's zone. */
export const fullDate = (iso: string) => {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
  return `${day.format(at)} ${time.format(at)}`;
};

export type Opened = Session & { jwt: string };

export async function login(browser: Browser, width: 'desktop' | 'phone' = 'desktop'): Promise<Opened> {
  const s = await open(browser, width);
  const jwt = await loginViaApi(s, DEMO);
  return { ...s, jwt };
}

export async function allNotifications(s: Opened): Promise<Notification[]> {
  const r = await apiPost(s, TABLE_PATH, { limit: 100 }, s.jwt);
  expect(r.status()).toBe(200);
  return ((await r.json()) as { data: Notification[] }).data;
}

export const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
/** The bell's name, read from the DOM: an open side panel hides the page from the accessibility tree. */
export const bellName = (page: Page) =>
  page.locator('header button[aria-label^="Notifications"]').getAttribute('aria-label');
export const bellIcon = (page: Page) => page.locator('[data-bell-icon]');
export const shaking = async (page: Page) =>
  (await bellIcon(page).evaluate((el) => getComputedStyle(el).animationName)) === 'bell-shake';
export const dropdown = (page: Page) => page.getByRole('dialog', { name: 'Notifications', exact: true });

export async function openList(s: Opened, calls?: ReturnType<typeof recordCalls>) {
  await goto(s.page, '/notifications');
  await s.page.getByRole('heading', { level: 1, name: 'Notifications', exact: true }).waitFor();
  if (calls) await expect.poll(() => calls.length).toBeGreaterThan(0);
}

export const listRow = (page: Page, summary: string) =>
  page.getByRole('list', { name: 'Notifications' }).getByRole('button', { name: new RegExp(`^${escape(summary)}`) });

/** Answers a call with JSON. */
export const fulfill = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
