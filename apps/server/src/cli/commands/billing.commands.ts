import type { Command } from 'commander';
import { INVOICE_STATUSES, type InvoiceStatus } from '@portal/shared';
import type { WithApp } from '../with-app.ts';
import { invoicesService, lastClosedMonth } from '../../modules/invoices/invoices.service.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { notificationSendsService } from '../../modules/notifications/notification-sends.service.ts';
import { defaultOperator } from './accounts.commands.ts';
import { describe } from './operators.commands.ts';

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};

/** Invoices (generate a month, move a status) and notifications (broadcast) for operators. */
export function registerBillingCommands(program: Command, withApp: WithApp): void {
  program
    .command('invoice:generate [month]')
    .description(
      'Invoice a closed month (YYYY-MM, UTC; default: the last closed month) for every publisher with payouts, or one',
    )
    .option('--publisher <id>', 'only this publisher')
    .action((month: string | undefined, opts: { publisher?: string }) =>
      withApp(async (app) => {
        const m = month ?? lastClosedMonth();
        const r = await invoicesService.generateMonth(
          app.ctx,
          m,
          opts.publisher ? { publisherId: int(opts.publisher) } : {},
        );
        console.log(
          `${m}: ${r.created.length} invoice(s) created${r.created.length ? ` (ids ${r.created.join(', ')})` : ''}, ${r.skipped} already existed or had nothing to bill`,
        );
      }),
    );

  program
    .command('invoice:status <invoiceId> <status>')
    .description(`Move an invoice to its next status (${INVOICE_STATUSES.join(' → ')})`)
    .action((id: string, status: string) =>
      withApp(async (app) => {
        if (!(INVOICE_STATUSES as readonly string[]).includes(status))
          throw new Error(`status must be one of ${INVOICE_STATUSES.join(', ')}`);
        await invoicesService.advance(app.ctx, int(id), status as InvoiceStatus);
        console.log(`invoice ${id} is now ${status}`);
      }),
    );

  program
    .command('invoice:list')
    .description('List invoices')
    .option('--publisher <id>', 'only this publisher')
    .action((opts: { publisher?: string }) =>
      withApp(async (app) => {
        let q = app.ctx.db
          .selectFrom('invoices')
          .select(['id', 'publisher_id', 'period_start', 'period_end', 'payout_total', 'status'])
          .orderBy('id');
        if (opts.publisher) q = q.where('publisher_id', '=', int(opts.publisher));
        console.table(await q.execute());
      }),
    );

  program
    .command('notification:broadcast <summary>')
    .description('Send a notification to every active publisher, or to one')
    .option('--publisher <id>', 'only this publisher')
    .option('--description <html>', 'body (HTML; sanitized before it is stored)', '')
    .option('--urgent', 'mark it urgent', false)
    .option('--offer <id>', 'link it to this offer')
    .action((summary: string, opts: { publisher?: string; description: string; urgent: boolean; offer?: string }) =>
      withApp(async (app) => {
        const sent = await notificationSendsService
          .send(
            app.ctx,
            cliActor(defaultOperator()),
            {
              title: summary,
              body: opts.description,
              urgent: opts.urgent,
              audience: opts.publisher ? 'chosen' : 'all',
              publisher_ids: opts.publisher ? [int(opts.publisher)] : null,
            },
            { offerId: opts.offer ? int(opts.offer) : null },
          )
          .catch((err: unknown) => {
            throw new Error(describe(err));
          });
        console.log(`${sent.recipients} notification(s) sent`);
      }),
    );
}
