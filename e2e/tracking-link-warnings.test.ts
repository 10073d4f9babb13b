import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  expectNoProblems,
  goto,
  launch,
  loginViaApi,
  open,
  scrollsSideways,
  type Session,
  type Width,
} from './helpers/browser.ts';

/**
 * The Tracking Link builder says plainly when the link will not pay (a paused, expired or pending
 * offer: docs/tracking.md sends such clicks to the fallback), before the link and in its accessible
 * description; and a value the link may not carry is flagged at its field, one at a time, with Copy
 * disabled and the reason beside it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The first demo offers of each status, found through the API (ids 1–25). */
async function offersByStatus(s: Session, jwt: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (let id = 1; id <= 25; id++) {
    const r = await apiPost(s, '/offer', { offer_id: id }, jwt);
    if (r.status() !== 200) continue;
    const { status } = ((await r.json()) as { data: { status: string } }).data;
    found[status] ??= id;
  }
  return found;
}

const WARNINGS: Record<string, RegExp> = {
  paused: /^This offer is paused: clicks go to a fallback page and earn nothing until the network resumes it\.$/,
  expired: /^This offer has expired: clicks go to a fallback page and earn nothing\.$/,
  pending:
    /^This offer is pending approval: clicks go to a fallback page and earn nothing until the network approves it\.$/,
};

describe('a link for an offer that will not pay', () => {
  for (const width of ['desktop', 'phone'] as Width[]) {
    test(`paused, expired and pending offers warn before the link, in its description (${width})`, async () => {
      const s = await open(browser, width);
      const { page } = s;
      const jwt = await loginViaApi(s, DEMO);
      const ids = await offersByStatus(s, jwt);
      for (const status of ['paused', 'expired', 'pending']) {
        const id = ids[status];
        expect(id, `a demo offer that is ${status}`).toBeDefined();
        await goto(page, `/offers/${id}/tracking-link`);
        const link = page.getByTestId('tracking-link');
        await expect.poll(() => link.textContent()).toMatch(/\/c\/\d+\/\d+\?s2=$/);
        const alert = page.getByRole('alert').filter({ hasText: 'Clicks on this link will not convert' });
        await alert.waitFor();
        // Before the link, in reading order.
        expect(
          await alert.evaluate(
            (a, l) => Boolean(a.compareDocumentPosition(l!) & Node.DOCUMENT_POSITION_FOLLOWING),
            await link.elementHandle(),
          ),
        ).toBe(true);
        // The link's and the Copy button's accessible descriptions carry the reason.
        const description = async (el: Locator) => {
          const ids = ((await el.getAttribute('aria-describedby')) ?? '').split(' ').filter(Boolean);
          const texts = await Promise.all(ids.map((i) => page.locator(`[id="${i}"]`).textContent()));
          return texts.join(' ').trim();
        };
        expect(await description(page.getByRole('status', { name: 'Tracking link' }))).toMatch(WARNINGS[status]!);
        const copy = page.getByRole('button', { name: 'Copy link' });
        expect(await description(copy)).toMatch(WARNINGS[status]!);
        // Copy stays: the publisher was told.
        expect(await copy.isEnabled()).toBe(true);
        expect(await scrollsSideways(page)).toBe(false);
        if (status === 'paused') await checkScreen(page, `tracking-link-paused-${width}`);
      }
      // An active offer shows no warning.
      await goto(page, `/offers/${ids['active']}/tracking-link`);
      await expect.poll(() => page.getByTestId('tracking-link').textContent()).toMatch(/\?s2=$/);
      expect(await page.getByText('Clicks on this link will not convert').count()).toBe(0);
      expectNoProblems(s);
      await s.close();
    });
  }
});

describe('a value the link may not carry', () => {
  for (const width of ['desktop', 'phone'] as Width[]) {
    test(`is flagged at its field, one at a time, and the link cannot be copied (${width})`, async () => {
      const s = await open(browser, width);
      const { page } = s;
      await loginViaApi(s, DEMO);
      await goto(page, '/offers/1/tracking-link');
      const link = page.getByTestId('tracking-link');
      await expect.poll(() => link.textContent()).toMatch(/\?s2=$/);
      const clickId = page.getByLabel('Click ID', { exact: true });
      const sub3 = page.getByLabel('Sub ID 3', { exact: true });
      await clickId.fill('{click_id}');
      await sub3.fill('{foo}');
      // At the field: the Click ID field is invalid and described by its error; only the first shows.
      await page.getByText('Parameter not allowed: {click_id}').waitFor();
      expect(await clickId.getAttribute('aria-invalid')).toBe('true');
      const errId = await clickId.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${errId}"]`).textContent()).toBe('Parameter not allowed: {click_id}');
      expect(await page.getByText('Parameter not allowed: {foo}').count()).toBe(0);
      // Nothing about it under the link.
      const linkCard = page.locator('section, div').filter({ has: link }).last();
      expect(await linkCard.getByText(/Parameter not allowed/).count()).toBe(0);
      // Copy is disabled, with its reason beside it.
      const copy = page.getByRole('button', { name: 'Copy link' });
      expect(await copy.isDisabled()).toBe(true);
      const reasonId = await copy.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe(
        'Fix the field marked in red to copy the link.',
      );
      await checkScreen(page, `tracking-link-field-error-${width}`);

      // Fixed: the next one shows, at its own field.
      await clickId.fill('pc-1');
      await page.getByText('Parameter not allowed: {foo}').waitFor();
      expect(await sub3.getAttribute('aria-invalid')).toBe('true');
      expect(await copy.isDisabled()).toBe(true);
      await sub3.fill('{tid}');
      await expect.poll(() => page.getByText(/Parameter not allowed/).count()).toBe(0);
      expect(await copy.isEnabled()).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
      expectNoProblems(s);
      await s.close();
    });
  }
});
