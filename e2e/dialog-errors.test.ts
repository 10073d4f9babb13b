import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  loginViaApi,
  open,
  type Width,
} from './helpers/browser.ts';

/**
 * Errors in the postback editor (docs/errors.md): what the server tied to a field shows at the field
 * and nothing else; a failure with no field to point at is a toast, shown under the dialog's header
 * (docs/ui.md, States), never over its title or close button.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function openEditor(page: Page) {
  await goto(page, '/offers/1/postbacks-and-pixels');
  // The table has loaded (the button works before the page's code for the modal is in).
  await page
    .getByRole('button', { name: /^Edit / })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Add new' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Pixel / Postback' });
  await dialog.waitFor();
  return dialog;
}

describe('postback editor errors', () => {
  for (const width of ['desktop', 'phone'] as Width[]) {
    test(`field errors alone at the field; a toast for the rest, clear of the header (${width})`, async () => {
      const s = await open(browser, width);
      const { page } = s;
      await loginViaApi(s, DEMO);
      const dialog = await openEditor(page);
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Errors at the field');
      await dialog.getByRole('textbox', { name: 'Value', exact: true }).fill('not a url');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.getByText('Incorrect url format').waitFor();
      await page.waitForTimeout(800);
      expect(await page.locator('[data-alert-type="error"]').count(), 'no toast beside the field error').toBe(0);

      // A failure with no field: the toast, under the header.
      await page.route(
        '**/api/v1/postback/create',
        (r) =>
          r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
        { times: 1 },
      );
      await dialog.getByRole('textbox', { name: 'Value', exact: true }).fill('https://receiver.example/x');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Could not create postback.', 'error');
      const toast = page.locator('[data-alert-type="error"]').first();
      const toastBox = (await toast.boundingBox())!;
      const title = (await dialog.getByRole('heading', { name: 'Create Pixel / Postback' }).boundingBox())!;
      const close = dialog.getByRole('button', { name: 'Close' });
      const closeBox = (await close.boundingBox())!;
      expect(overlaps(toastBox, title), 'toast over the title').toBe(false);
      expect(overlaps(toastBox, closeBox), 'toast over the close button').toBe(false);
      // The close button is what a click at its centre reaches.
      expect(
        await close.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), {
          x: closeBox.x + closeBox.width / 2,
          y: closeBox.y + closeBox.height / 2,
        }),
      ).toBe(true);
      await checkScreen(page, `postback-editor-toast-${width}`);
      // Dismissing the toast leaves the dialog open (a fresh failure: the first toast's 4 s may have
      // run out during the accessibility scan on a busy machine).
      await toast.waitFor({ state: 'detached', timeout: 8000 });
      await page.route(
        '**/api/v1/postback/create',
        (r) =>
          r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
        { times: 1 },
      );
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, 'Could not create postback.', 'error');
      await toast.getByRole('button', { name: 'Hide this message' }).click();
      await expect.poll(() => page.locator('[data-alert-type="error"]').count()).toBe(0);
      expect(await dialog.isVisible()).toBe(true);
      await close.click();
      await dialog.waitFor({ state: 'detached' });
      expectNoProblems(s);
      await s.close();
    });
  }
});
