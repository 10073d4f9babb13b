import type { AdminConversion, AdminConversionDetailResponse } from '@portal/shared/admin/conversions.schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  checkScreen,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  open,
  screenshot,
  WIDTHS,
  type Session,
  type Width,
} from './helpers/browser.ts';
import { adminCall, consoleLoginViaApi } from './helpers/console.ts';

/**
 * The console's conversion statuses (docs/operator-console.md "Conversions", docs/money.md) in real
 * Chromium at a desktop's and a phone's width: pending conversions of the demo network's manual
 * offer selected and approved, others rejected with a reason (their histories and the audit log
 * say so); an advertiser's file of the held offer's conversions checked (every row's outcome),
 * applied and listed among the past reconciliations; a malformed file's error in the server's
 * words. One width after the other: each takes the conversions still pending.
 */
const HOLD_OFFER = 28;
const MANUAL_OFFER = 29;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function json<T = any>(r: { json: () => Promise<unknown>; status: () => number }, status = 200): Promise<T> {
  expect(r.status()).toBe(status);
  return (await r.json()) as T;
}

const pendingOf = async (s: Session, ops: string, offerId: number, limit = 20) =>
  (
    await json<{ data: AdminConversion[] }>(
      await adminCall(s, 'POST', '/conversions', ops, { filters: { offer_id: offerId, status: 'pending' }, limit }),
    )
  ).data;

const detail = async (s: Session, ops: string, id: string) =>
  (await json<AdminConversionDetailResponse>(await adminCall(s, 'GET', `/conversions/${id}`, ops))).data;

const tick = (page: Page, id: string) => page.getByRole('checkbox', { name: `Select conversion ${id}` }).check();

describe.each(Object.keys(WIDTHS) as Width[])('console conversion statuses at %s width', (width) => {
  test('bulk Approve and Reject: selected rows change, the history and audit log say who and why', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ops = await consoleLoginViaApi(s);
    const pending = await pendingOf(s, ops, MANUAL_OFFER);
    expect(pending.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, d] = pending as [AdminConversion, AdminConversion, AdminConversion, AdminConversion];

    await goto(page, `/admin/conversions?offer=${MANUAL_OFFER}&status=pending`);
    await page.getByRole('heading', { name: 'Conversions', level: 1 }).waitFor();
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Conversions' });
    await list.getByRole('checkbox', { name: `Select conversion ${a.id}` }).waitFor();

    // Every row loaded (the list's first page, as the API answered it) at once from the header's
    // box (a phone's sits above the cards), then cleared.
    const shown = pending.length;
    const all =
      width === 'desktop'
        ? page.getByRole('checkbox', { name: 'Select all conversions shown' })
        : page.getByRole('checkbox', { name: `Select all ${shown} shown` });
    await all.check();
    await page.getByText(`${shown} selected`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Clear', exact: true }).last().click();
    await page.getByText(/^\d+ selected$/).waitFor({ state: 'detached' });
    expect(await all.isChecked()).toBe(false);

    // Two approved.
    await tick(page, a.id);
    await tick(page, b.id);
    await page.getByText('2 selected', { exact: true }).waitFor();
    await checkScreen(page, 'console-conversions-selected');
    // The bar as the operator sees it: in view under the rows on screen.
    await screenshot(page, 'console-conversions-selected-view', { fullPage: false });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const approve = page.getByRole('dialog', { name: 'Approve 2 conversions' });
    await checkScreen(page, 'console-conversions-bulk-approve');
    await approve.getByRole('button', { name: 'Approve', exact: true }).click();
    await expectToast(page, '2 conversions approved.', 'success');
    await page.getByText('2 selected', { exact: true }).waitFor({ state: 'detached' });
    // The list (pending only) reloads without them.
    await list.getByRole('checkbox', { name: `Select conversion ${a.id}` }).waitFor({ state: 'detached' });
    for (const conv of [a, b]) {
      const got = await detail(s, ops, conv.id);
      expect(got.conversion.status).toBe('approved');
      expect(got.history.at(-1)).toMatchObject({
        from_status: 'pending',
        to_status: 'approved',
        actor_kind: 'operator',
        actor: 'ops@portal.test',
      });
    }

    // Two rejected: a reason is needed, as for one conversion.
    await tick(page, c.id);
    await tick(page, d.id);
    await page.getByRole('button', { name: 'Reject', exact: true }).click();
    const reject = page.getByRole('dialog', { name: 'Reject 2 conversions' });
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await reject.getByText('Please enter a reason.').waitFor();
    await checkScreen(page, 'console-conversions-bulk-reject');
    await reject.getByLabel('Reason').fill(`Duplicate applications (${width})`);
    await reject.getByRole('button', { name: 'Reject', exact: true }).click();
    await expectToast(page, '2 conversions rejected.', 'success');
    await list.getByRole('checkbox', { name: `Select conversion ${c.id}` }).waitFor({ state: 'detached' });
    for (const conv of [c, d]) {
      const got = await detail(s, ops, conv.id);
      expect(got.conversion).toMatchObject({ status: 'rejected', status_reason: `Duplicate applications (${width})` });
      expect(got.history.at(-1)).toMatchObject({ to_status: 'rejected', actor_kind: 'operator' });
    }
    const audit = await json(
      await adminCall(s, 'POST', '/audit-log', ops, { filters: { object_type: 'conversion', object_id: c.id } }),
    );
    expect(audit.data[0]).toMatchObject({
      action: 'conversion.reject',
      reason: `Duplicate applications (${width})`,
      before: expect.objectContaining({ status: 'pending' }),
      after: expect.objectContaining({ status: 'rejected' }),
    });

    // An approved one approved again: the dialog stays open and says why nothing changed.
    await goto(page, `/admin/conversions?offer=${MANUAL_OFFER}&status=approved`);
    await tick(page, a.id);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Approve 1 conversion' });
    await again.getByRole('button', { name: 'Approve', exact: true }).click();
    await again.getByText('0 conversions approved.').waitFor();
    await again.getByText('1 conversion already approved.').waitFor();
    await checkScreen(page, 'console-conversions-bulk-result');
    await again.getByRole('button', { name: 'Done' }).click();
    await page.getByText('1 selected', { exact: true }).waitFor({ state: 'detached' });
    expectNoProblems(s);
    await s.close();
  });

  test('Reconcile: a file previewed row by row, applied, kept among the past ones; a malformed file says its line', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ops = await consoleLoginViaApi(s);
    const pending = await pendingOf(s, ops, HOLD_OFFER);
    expect(pending.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, reversed] = pending as [AdminConversion, AdminConversion, AdminConversion, AdminConversion];
    // A reversed conversion is final: its row is not allowed.
    await json(await adminCall(s, 'POST', '/conversions/status', ops, { ids: [reversed.id], status: 'approved' }));
    await json(await adminCall(s, 'POST', `/conversions/${reversed.id}/reverse`, ops, { reason: 'Chargeback' }));
    const csv = [
      'tid,status,reason,amount',
      `${a.tid},approved,,`,
      `${b.tid},rejected,Order returned,`,
      `${c.tid},approved,,${c.revenue + 5}`,
      '01900000-0000-7000-8000-000000000000,approved,,',
      `${reversed.tid},approved,,`,
      ',approved,,',
      `${a.tid},maybe,,`,
    ].join('\n');
    const fileName = `advertiser-${width}.csv`;

    await goto(page, `/admin/conversions`);
    await page.getByRole('link', { name: 'Reconcile' }).click();
    await page.getByRole('heading', { name: 'Reconcile', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Past reconciliations' }).waitFor();
    await checkScreen(page, 'console-reconcile');

    // A file the reader cannot read: the server's words, with the line.
    await page.getByLabel('CSV file').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('tid,status\n"abc,approved\n'),
    });
    const problem = page.getByRole('alert').filter({ hasText: 'broken.csv cannot be reconciled' });
    await problem.getByText(/^Line 2: /).waitFor();
    await checkScreen(page, 'console-reconcile-error');

    // The file: every row's outcome, counted, before anything changes.
    await page.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Preview' });
    await preview.waitFor();
    const counts = page.getByRole('group', { name: 'Show rows by outcome' });
    await counts.getByRole('button', { name: 'Would change 3' }).waitFor();
    await counts.getByRole('button', { name: 'Unknown 1' }).waitFor();
    await counts.getByRole('button', { name: 'Invalid 2' }).waitFor();
    await counts.getByRole('button', { name: 'Not allowed 1' }).waitFor();
    await preview.getByText('A reversed conversion is final: its status cannot change.').waitFor();
    await preview.getByText(`differs from the conversion's revenue`, { exact: false }).waitFor();
    await preview.getByText('No conversion has this tid.').waitFor();
    await preview.getByText('The row has neither a tid nor an order_id.').waitFor();
    await checkScreen(page, 'console-reconcile-preview');
    expect((await detail(s, ops, a.id)).conversion.status).toBe('pending');
    // One outcome at a time.
    await counts.getByRole('button', { name: 'Invalid 2' }).click();
    await expect.poll(() => preview.getByText('Invalid', { exact: true }).count()).toBe(2);
    await counts.getByRole('button', { name: /^All rows/ }).click();

    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expectToast(page, 'applied: 3 changed.', 'success');
    const applied = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Applied rows' });
    await applied.getByText('Changed', { exact: true }).first().waitFor();
    expect((await detail(s, ops, a.id)).conversion.status).toBe('approved');
    const rejected = await detail(s, ops, b.id);
    expect(rejected.conversion).toMatchObject({ status: 'rejected', status_reason: 'Order returned' });
    expect(rejected.history.at(-1)).toMatchObject({ actor_kind: 'reconciliation', to_status: 'rejected' });
    const history = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Past reconciliations' });
    await history.getByText(fileName).waitFor();
    await checkScreen(page, 'console-reconcile-applied');

    // The same file again: nothing would change, so there is nothing to apply.
    await page.getByRole('button', { name: 'Reconcile another file' }).click();
    await page.getByLabel('CSV file').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await counts.getByRole('button', { name: 'Unchanged 3' }).waitFor();
    expect(await page.getByRole('button', { name: 'Apply', exact: true }).isDisabled()).toBe(true);

    // 10,000 rows: the preview draws the rows in view, and the last one is a scroll away.
    await page.getByRole('button', { name: 'Choose another file' }).click();
    const big = ['tid,status'];
    for (let i = 0; i < 10_000; i++) big.push(`01900000-0000-7000-8000-${String(i).padStart(12, '0')},approved`);
    await page.getByLabel('CSV file').setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(big.join('\n')),
    });
    await counts.getByRole('button', { name: 'Unknown 10,000' }).waitFor({ timeout: 60_000 });
    expect(await preview.getByText('No conversion has this tid.').count()).toBeLessThan(100);
    // To the preview's end (the past reconciliations below it may be taller than a screen).
    await preview.evaluate((list) =>
      window.scrollTo(0, list.getBoundingClientRect().bottom + window.scrollY - window.innerHeight),
    );
    await preview.getByText('01900000-0000-7000-8000-000000009999').waitFor();
    expectNoProblems(s);
    await s.close();
  });
});
