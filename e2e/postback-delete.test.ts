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
  loginViaApi,
  open,
  port,
  recordCalls,
  scrollsSideways,
} from './helpers/browser.ts';

/**
 * Deleting a pixel or postback (docs/screens.md, Global Pixels And Postbacks): asked first, then gone
 * from the list, while its deliveries stay in the delivery log of every postback, named as deleted.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('deleting a postback', () => {
  for (const width of ['desktop', 'phone'] as const) {
    test(`${width}: asked first, then gone; its deliveries stay in the log`, async () => {
      const s = await open(browser, width);
      const { page } = s;
      const jwt = await loginViaApi(s, DEMO);
      const name = `E2E delete ${width}`;
      // Aimed back at the portal: a test send is refused at once as a loop, and logged.
      const url = `http://127.0.0.1:${port()}/pixel?tid={tid}&e2e=delete-${width}`;
      const created = await apiPost(
        s,
        '/postback/create',
        {
          postback_name: name,
          postback_status: 'active',
          postback_type: 'postback',
          postback_value: url,
          postback_offer_id: null,
          postback_event_id: null,
          postback_event_type: null,
        },
        jwt,
      );
      expect(created.status()).toBe(200);
      const id = ((await created.json()) as { data: { postback_id: number } }).data.postback_id;
      expect((await apiPost(s, '/postback-delivery/send-test', { postback_id: id }, jwt)).status()).toBe(200);

      await goto(page, '/global-pixel-postback');
      await page.getByRole('searchbox', { name: 'Search pixels and postbacks' }).fill(name);
      const edit = page.getByRole('button', { name: `Edit ${name}`, exact: true });
      await edit.waitFor();

      // Cancel keeps it.
      await edit.click();
      const form = page.getByRole('dialog', { name: 'Edit Pixel / Postback' });
      await form.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this postback?' });
      await confirm.getByText(`${name} is not called for any conversion from now on`).waitFor();
      await confirm.getByText('Deliveries already made stay in the delivery log.', { exact: false }).waitFor();
      await checkScreen(page, 'postback-delete-confirm');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await form.isVisible()).toBe(true);

      // Delete deletes.
      const calls = recordCalls(page, '/postback/delete');
      await form.getByRole('button', { name: 'Delete', exact: true }).click();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, `${name} has been deleted.`, 'success');
      await form.waitFor({ state: 'detached' });
      expect(calls.map((c) => c.body)).toEqual([{ postback_id: id }]);
      await page.getByText('No items').waitFor();
      expect(await edit.count()).toBe(0);

      // The log of every postback still holds its attempt, named as deleted, with its URL.
      await page.getByRole('button', { name: 'Delivery log', exact: true }).click();
      const log = page.getByRole('dialog', { name: 'Deliveries: every postback' });
      const attempt = log
        .getByRole('list', { name: 'Attempts' })
        .getByRole('listitem')
        .filter({ hasText: `e2e=delete-${width}` });
      await attempt.first().waitFor();
      await attempt.first().getByText('Deleted postback', { exact: true }).waitFor();
      expect(await attempt.first().getByText('Loop').count()).toBeGreaterThan(0);
      expect(await attempt.first().getByRole('button', { name: 'Replay' }).count()).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      await checkScreen(page, 'postback-delivery-log-all');
      expectNoProblems(s);
      await s.close();
    });
  }
});
