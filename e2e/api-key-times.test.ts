import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { apiPost, columnHeaders, DEMO, goto, launch, loginViaApi, open } from './helpers/browser.ts';

/**
 * The API keys table (docs/screens.md Profile): its times in the profile's time zone, as every
 * other time of the portal (not the browser's), and its headers in Title Case as the other tables'.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const ZONE = 'Pacific/Kiritimati'; // UTC+14: 19 hours from the browser's (America/Toronto)

test("shows a key's times in the profile's time zone under Title Case headers", async () => {
  const s = await open(browser, 'desktop');
  const jwt = await loginViaApi(s, DEMO);
  expect((await apiPost(s, '/user/update', { user_timezone: ZONE }, jwt)).status()).toBe(200);
  try {
    const name = `Zone key ${Date.now()}`;
    const created = await apiPost(s, '/api-key/create', { name, password: DEMO.password }, jwt);
    expect(created.status()).toBe(200);
    const key = ((await created.json()) as { data: { key: string } }).data.key;
    // A call with the key sets its last use.
    expect((await apiPost(s, '/invoice-list', { limit: 1 }, key)).status()).toBe(200);
    const list = await apiPost(s, '/api-key-list', {}, jwt);
    const listed = ((await list.json()) as { data: { name: string; last_used_at: string | null }[] }).data.find(
      (k) => k.name === name,
    )!;
    expect(listed.last_used_at).not.toBeNull();
    // As every time of the portal: `2026-11-24 9:04:38 PM`, in the profile's zone.
    const at = new Date(listed.last_used_at!);
    const inZone = `${new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at)} ${new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(at).replace(/\s/g, ' ')}`;

    await goto(s.page, '/profile/api-keys');
    const row = s.page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect((await row.textContent())!.replace(/\s/g, ' ')).toContain(inZone);
    expect((await columnHeaders(s.page, 'API keys')).slice(0, 6)).toEqual([
      'Name',
      'Key',
      'Access',
      'Created',
      'Last Used',
      'Expires',
    ]);
    const transform = await s.page
      .getByRole('columnheader', { name: 'Last Used' })
      .evaluate((el) => getComputedStyle(el).textTransform);
    expect(transform).toBe('none');
  } finally {
    await apiPost(s, '/user/update', { user_timezone: 'America/Toronto' }, jwt);
    await s.close();
  }
});
