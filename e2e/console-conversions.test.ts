import type { AdminConversionListResponse } from '@portal/shared/admin/conversions.schemas';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  eventually,
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
 * The console's Conversions and Invoices (docs/operator-console.md) in real Chromium at a desktop's
 * and a phone's width: a conversion found by its tid and reversed, the publisher's totals and open
 * invoice before and after (the publisher API), the audit entry; invoices generated, filtered,
 * opened and moved; a viewer reads but cannot reverse. One width after the other: both reverse
 * conversions of the same month and compare its totals.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const lastClosedMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};
const monthEnd = (m: string) => {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mm, 0)).toISOString().slice(0, 10);
};
/** A time as the portal writes every one, `2026-11-24 9:04:38 PM`, in the browser's zone (helpers/browser.ts). */
const BROWSER_ZONE = 'America/Toronto';
const portalTime = (iso: string) => {
  const at = new Date(iso);
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: BROWSER_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: BROWSER_ZONE,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(at);
  return `${day} ${time.replace(/\s/g, ' ')}`;
};
const dayShift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function json<T = any>(r: { json: () => Promise<unknown>; status: () => number }, status = 200): Promise<T> {
  expect(r.status()).toBe(status);
  return (await r.json()) as T;
}

/** The demo publisher's token, and its invoice of the last closed month (open: generated). */
async function demoPublisher(s: Session) {
  const jwt = (await json(await apiPost(s, '/user/authenticate', { user_name: DEMO.email, password: DEMO.password })))
    .data.jwt as string;
  const month = lastClosedMonth();
  const list = await json(
    await apiPost(s, '/invoice-list', { filters: { date_range: { start: `${month}-01`, end: monthEnd(month) } } }, jwt),
  );
  const invoice = list.data.find((i: { date_range_start: string }) => i.date_range_start === `${month}-01`);
  expect(invoice).toBeTruthy();
  return { jwt, month, invoiceId: invoice.id as number };
}

describe.each(Object.keys(WIDTHS) as Width[])('console conversions and invoices at %s width', (width) => {
  test('Conversions: find by tid and reverse with a reason; the totals and the open invoice follow', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ops = await consoleLoginViaApi(s);
    const pub = await demoPublisher(s);
    const inv = await json(await adminCall(s, 'GET', `/invoices/${pub.invoiceId}`, ops));
    const publisherId = inv.data.invoice.publisher_id as number;
    const found = await json(
      await adminCall(s, 'POST', '/conversions', ops, {
        filters: {
          publisher_id: publisherId,
          status: 'approved',
          date_range: { start: `${pub.month}-02`, end: dayShift(monthEnd(pub.month), -1) },
        },
        limit: 5,
      }),
    );
    const conv = found.data.find(
      (c: { event_type: string; payout: number }) => c.event_type === 'conversion' && c.payout > 0,
    );
    expect(conv).toBeTruthy();

    const range = { start: `${pub.month}-01`, end: monthEnd(pub.month) };
    const totals = async () =>
      (await json(await apiPost(s, '/report-total/daily', { filters: { date_range: range } }, pub.jwt))).data as {
        conversions: number;
        earnings: number;
      };
    const invoiceTotal = async () =>
      (await json(await apiPost(s, '/invoice', { id: pub.invoiceId }, pub.jwt))).invoice.payout_total as number;
    const before = { totals: await totals(), invoice: await invoiceTotal() };

    await goto(page, '/admin/conversions');
    await page.getByRole('heading', { name: 'Conversions', level: 1 }).waitFor();
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Conversions' });
    await list
      .getByRole('button', { name: /^Reverse conversion / })
      .first()
      .waitFor();
    await checkScreen(page, 'console-conversions');

    await page.getByLabel('Transaction ID (tid)').fill(conv.tid);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const reverse = list.getByRole('button', { name: `Reverse conversion ${conv.id}` });
    await reverse.waitFor();
    await expect.poll(() => list.getByRole('button', { name: /^Reverse conversion / }).count()).toBe(1);
    await reverse.click();
    const dialog = page.getByRole('dialog', { name: 'Reverse conversion' });
    await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
    await dialog.getByText('Please enter a reason.').waitFor();
    await checkScreen(page, 'console-conversion-reverse');
    await dialog.getByLabel('Reason').fill(`Chargeback ${width}`);
    await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
    await expectToast(page, 'Conversion reversed.');
    await list.getByText('Reversed', { exact: true }).waitFor();
    await list.getByText(`Chargeback ${width}`).waitFor();
    expect(await list.getByRole('button', { name: /^Reverse conversion / }).count()).toBe(0);

    // The publisher's totals and open invoice lose it; the audit log keeps before → after and why.
    const after = { totals: await totals(), invoice: await invoiceTotal() };
    expect(after.totals.conversions).toBe(before.totals.conversions - 1);
    expect(after.totals.earnings).toBeCloseTo(before.totals.earnings - conv.payout, 2);
    expect(after.invoice).toBeCloseTo(before.invoice - conv.payout, 4);
    const lines = (await json(await apiPost(s, '/invoice', { id: pub.invoiceId }, pub.jwt))).items;
    expect(lines.at(-1)).toMatchObject({ kind: 'adjustment', total: -conv.payout, payed_actions: -1 });
    const audit = await json(
      await adminCall(s, 'POST', '/audit-log', ops, { filters: { object_type: 'conversion', object_id: conv.id } }),
    );
    expect(audit.data[0]).toMatchObject({
      action: 'conversion.reverse',
      reason: `Chargeback ${width}`,
      before: expect.objectContaining({ status: 'approved', payout: conv.payout }),
      after: expect.objectContaining({ status: 'reversed' }),
    });
    expectNoProblems(s);
    await s.close();
  });

  test('Conversions by publisher: chosen by typing part of its name, kept by id in the address and named after a reload', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ops = await consoleLoginViaApi(s);
    // A publisher whose conversions are not the newest: its list differs from the unfiltered one.
    const all = await json<AdminConversionListResponse>(
      await adminCall(s, 'POST', '/conversions', ops, { limit: 100 }),
    );
    const pick = all.data.find((c) => c.publisher_id !== all.data[0]!.publisher_id);
    expect(pick).toBeTruthy();
    const publisher = { id: pick!.publisher_id, name: pick!.publisher_name };
    const mine = await json<AdminConversionListResponse>(
      await adminCall(s, 'POST', '/conversions', ops, { filters: { publisher_id: publisher.id }, limit: 20 }),
    );
    expect(mine.data.length).toBeGreaterThan(0);
    const tids = mine.data.map((c) => c.tid);
    const label = `${publisher.name} (#${publisher.id})`;

    await goto(page, '/admin/conversions');
    await page.getByRole('heading', { name: 'Conversions', level: 1 }).waitFor();
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Conversions' });
    await list.getByTitle('Transaction ID (tid)').first().waitFor();
    // The list shows the API's answer for the publisher, newest first (a phone draws the first cards).
    const listed = async () => {
      const shown = await list.getByTitle('Transaction ID (tid)').allTextContents();
      return shown.length > 0 && JSON.stringify(shown) === JSON.stringify(tids.slice(0, shown.length));
    };
    const counted = page.getByText(`${mine.data.length}${mine.cursor.next ? '+' : ''} result`, { exact: false });

    if (width === 'phone') await page.getByRole('button', { name: 'Show filters' }).click();
    const picker = page.getByRole('combobox', { name: 'Publisher' });
    expect(await picker.inputValue()).toBe('All publishers');
    await picker.fill(publisher.name.split(' ').slice(0, 2).join(' ').slice(0, 12));
    await page.getByRole('option', { name: label, exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('publisher') === String(publisher.id));
    await eventually(listed, true);
    await counted.waitFor();
    expect(await picker.inputValue()).toBe(label);
    // The newest row's time in the portal's one format.
    await list.getByText(portalTime(mine.data[0]!.created_at), { exact: true }).first().waitFor();
    await checkScreen(page, 'console-conversions-publisher');

    // After a reload the field names the publisher, not its id.
    await page.reload();
    await page.getByRole('heading', { name: 'Conversions', level: 1 }).waitFor();
    await eventually(listed, true);
    if (width === 'phone') await page.getByRole('button', { name: 'Show filters' }).click();
    await eventually(() => page.getByRole('combobox', { name: 'Publisher' }).inputValue(), label);

    // An offer in the address is named too.
    await goto(page, `/admin/conversions?offer=${pick!.offer_id}`);
    if (width === 'phone') await page.getByRole('button', { name: 'Show filters' }).click();
    await eventually(
      () => page.getByRole('combobox', { name: 'Offer' }).inputValue(),
      `${pick!.offer_name} (#${pick!.offer_id})`,
    );
    expectNoProblems(s);
    await s.close();
  });

  test('Invoices: generate a month, filter, open one and move it on, void another', async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ops = await consoleLoginViaApi(s);
    const pub = await demoPublisher(s);
    const demoId = (await json(await adminCall(s, 'GET', `/invoices/${pub.invoiceId}`, ops))).data.invoice.publisher_id;
    // Another publisher's open invoice (the demo publisher's keep their statuses for its own screens).
    const generated = await json(
      await adminCall(s, 'POST', '/invoices', ops, { filters: { status: 'generated' }, limit: 100 }),
    );
    const other = generated.data.find((i: { publisher_id: number }) => i.publisher_id !== demoId);
    expect(other).toBeTruthy();

    await goto(page, '/admin/invoices');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    const table = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Invoices' });
    await table
      .getByRole('link', { name: /^Invoice #/ })
      .first()
      .waitFor();
    await checkScreen(page, 'console-invoices');

    await page.getByRole('button', { name: 'Generate invoices' }).click();
    const gen = page.getByRole('dialog', { name: 'Generate invoices' });
    expect(await gen.getByLabel('Month').inputValue()).toBe(lastClosedMonth());
    await gen.getByRole('button', { name: 'Generate', exact: true }).click();
    await expectToast(page, `No new invoice for ${lastClosedMonth()}: every one was already made.`);

    if (width === 'phone') await page.getByRole('button', { name: /filters/i }).click();
    await page.getByLabel('Status').selectOption('generated');
    await page.getByLabel('Publisher ID').fill(String(other.publisher_id));
    await table.getByRole('link', { name: `Invoice #${other.id}` }).click();
    await page.getByRole('heading', { name: `Invoice #${other.id}`, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Lines' }).waitFor();
    await checkScreen(page, 'console-invoice');
    await page.getByRole('button', { name: 'Request payment' }).click();
    await expectToast(page, `Invoice #${other.id} moved on.`);
    await page.getByText('Payment requested', { exact: true }).waitFor();
    // In payment: "Processing", the word the publisher's invoices use (docs/money.md).
    await page.getByRole('button', { name: 'Processing' }).click();
    await expectToast(page, `Invoice #${other.id} moved on.`);
    await page.getByRole('button', { name: 'Mark paid' }).waitFor();
    expect(await page.getByRole('button', { name: 'Processing' }).count()).toBe(0);
    await page.getByText('Processing', { exact: true }).waitFor();
    await checkScreen(page, 'console-invoice-processing');
    await page.getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: `Void invoice #${other.id}` });
    await dialog.getByLabel('Reason').fill('Wrong period');
    await dialog.getByRole('button', { name: 'Void', exact: true }).click();
    await expectToast(page, `Invoice #${other.id} is void.`);
    await page.getByText('Void', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Request payment' }).count()).toBe(0);
    // Void keeps the row; a second generate makes that publisher's month again.
    const regen = await json(
      await adminCall(s, 'POST', '/invoices/generate', ops, { month: other.date_range_start.slice(0, 7) }),
    );
    expect(regen.data.created).toHaveLength(1);
    expectNoProblems(s);
    await s.close();
  });

  test("a viewer finds conversions and reads invoices, with no Reverse or move; the API answers a viewer's reverse 403", async () => {
    const s = await open(browser, width);
    const { page } = s;
    const ops = await consoleLoginViaApi(s);
    const email = `viewer-${width}-${process.pid}-${Date.now()}@ops.test`;
    const invited = await json(
      await adminCall(s, 'POST', '/operators/invite', ops, { email, name: 'Vera Viewer', role: 'viewer' }),
    );
    const token = new URL(invited.data.link).searchParams.get('token');
    await json(
      await adminCall(s, 'POST', '/auth/set-password', undefined, {
        token,
        password: 'viewer-password-1',
        password_verify: 'viewer-password-1',
      }),
    );
    const viewer = await consoleLoginViaApi(s, { email, password: 'viewer-password-1' });
    await goto(page, '/admin/conversions');
    const list = page.getByRole(width === 'desktop' ? 'table' : 'list', { name: 'Conversions' });
    await list.getByText('Approved', { exact: true }).first().waitFor();
    expect(await list.getByRole('button', { name: /^Reverse conversion / }).count()).toBe(0);
    // No selection, bulk Approve or Reject, nor Reconcile for a viewer.
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Reconcile' }).count()).toBe(0);
    const one = (
      await json(await adminCall(s, 'POST', '/conversions', viewer, { filters: { status: 'approved' }, limit: 1 }))
    ).data[0];
    const denied = await adminCall(s, 'POST', `/conversions/${one.id}/reverse`, viewer, { reason: 'no' });
    expect(denied.status()).toBe(403);
    expect(((await denied.json()) as { error: { code: string } }).error.code).toBe('0x4030');
    await goto(page, '/admin/invoices');
    await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Generate invoices' }).count()).toBe(0);
    expectNoProblems(s);
    await s.close();
  });
});
