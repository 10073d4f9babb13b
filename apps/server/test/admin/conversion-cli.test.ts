import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { invoicesService, lastClosedMonth } from '../../src/modules/invoices/invoices.service.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { describeCli, createCliStore } from '../helpers/cli-db.ts';
import { createPublisher } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createOffer, insertClicks, insertConversion } from '../reports/report-fixtures.ts';

/** `conversion:reverse` and `invoice:*` call the console's services: the same rules, the same audit log. */
describeCli('admin CLI: conversion:reverse and invoice:status', () => {
  const env: Record<string, string> = {
    PUBLIC_URL: 'https://portal.example.test',
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    // A few dollars are the invoice here: no minimum payout carries it over.
    MINIMUM_PAYOUT_USD: '0',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  let remove = async () => {};
  let conversionId = '';
  let invoiceId = 0;
  const withApp = async <T>(fn: (t: TestApp) => Promise<T>): Promise<T> => {
    const app = await buildApp({ config: loadConfig(env), logger: false });
    try {
      return await fn({ app } as unknown as TestApp);
    } finally {
      await app.close();
    }
  };

  // The database starts migrated (the run's snapshot), so neither the test nor a command creates it.
  beforeAll(async () => {
    const store = await createCliStore('portal-cli-conv-');
    Object.assign(env, store.env);
    remove = store.remove;
    await withApp(async (t) => {
      const pub = await createPublisher(t, { name: 'Terminal Media' });
      const offer = await createOffer(t, 'Terminal Offer');
      const at = new Date(`${lastClosedMonth()}-12T12:00:00Z`);
      const [ck] = await insertClicks(t, [
        {
          at: new Date(at.getTime() - 1000),
          publisherId: pub.publisherId,
          offerId: offer.offerId,
          landingPageId: null,
        },
      ]);
      conversionId = await insertConversion(t, {
        at,
        click: ck!,
        eventId: offer.events.conversion,
        eventType: 'conversion',
        payout: 20,
      });
      invoiceId = (await invoicesService.generateMonth(t.app.ctx, lastClosedMonth())).created[0]!;
    });
  }, 120_000);
  afterAll(() => remove());

  it('reverses once with a reason, and moves an invoice only as the console may', async () => {
    expect(admin('conversion:reverse', conversionId).stderr).toContain("required option '--reason <text>'");
    const done = admin('conversion:reverse', conversionId, '--reason', 'Refunded order');
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain(`conversion ${conversionId} reversed`);
    const again = admin('conversion:reverse', conversionId, '--reason', 'again');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('This conversion is already reversed.');

    const skip = admin('invoice:status', String(invoiceId), 'paid');
    expect(skip.status).toBe(1);
    expect(skip.stderr).toContain('status: An invoice that is Generated cannot become Paid.');
    expect(admin('invoice:status', String(invoiceId), 'void').stderr).toContain('reason: Please enter a reason.');
    const moved = admin('invoice:status', String(invoiceId), 'request_payment');
    expect(moved.status, moved.stderr).toBe(0);
    const list = admin('invoice:list', '--status', 'request_payment');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('Terminal Media');

    await withApp(async (t) => {
      const inv = await t.app.ctx.db
        .selectFrom('invoices')
        .selectAll()
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow();
      expect(Number(inv.payout_total)).toBe(0);
      const audit = await t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
      expect(audit.map((a) => [a.action, a.actor.startsWith('cli:'), a.reason])).toEqual([
        ['conversion.reverse', true, 'Refunded order'],
        ['invoice.status', true, null],
      ]);
    });
  }, 400_000);
});
