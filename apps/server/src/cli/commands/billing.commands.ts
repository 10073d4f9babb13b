import type { Command } from 'commander';
import { ADMIN_INVOICE_STATUSES, type AdminInvoiceStatus } from '@portal/shared/admin/invoices.constants';
import type { WithApp } from '../with-app.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { conversionsService } from '../../modules/conversions/conversions.service.ts';
import { invoiceAdminService } from '../../modules/invoices/invoice-admin.service.ts';
import { notificationSendsService } from '../../modules/notifications/notification-sends.service.ts';
import { defaultOperator } from './accounts.commands.ts';

/** The field errors of a service, as one line for the terminal. */
function describe(err: unknown): string {
  const fields = (err as { fields?: Record<string, { message: string }> }).fields;
  if (fields)
    return Object.entries(fields)
      .map(([field, f]) => `${field}: ${f.message}`)
      .join('; ');
  return err instanceof Error ? err.message : String(err);
}
const plainly = (err: unknown): never => {
  throw new Error(describe(err));
};

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
      'Invoice a closed month (YYYY-MM, UTC; default: the last closed month) for every publisher with payouts. ' +
        'Written to the audit log.',
    )
    .action((month: string | undefined) =>
      withApp(async (app) => {
        const r = await invoiceAdminService
          .generate(app.ctx, cliActor(defaultOperator()), { month: month ?? null })
          .catch(plainly);
        console.log(
          `${r.month}: ${r.created.length} invoice(s) created${r.created.length ? ` (ids ${r.created.join(', ')})` : ''}, ${r.skipped} already existed or had nothing to bill`,
        );
      }),
    );

  program
    .command('invoice:status <invoiceId> <status>')
    .description(
      'Move an invoice one status on (generated → request_payment → processing → paid), or void it before it is ' +
        'paid (with --reason); paid takes --paid-at, --method and --reference. Written to the audit log.',
    )
    .option('--reason <text>', 'why (required to void)')
    .option('--paid-at <YYYY-MM-DD>', 'the day paid (required for paid)')
    .option('--method <method>', 'paypal, bank_transfer or other (required for paid)')
    .option('--reference <text>', "the payment's reference (required for paid)")
    .action(
      (id: string, status: string, opts: { reason?: string; paidAt?: string; method?: string; reference?: string }) =>
        withApp(async (app) => {
          const inv = await invoiceAdminService
            .move(app.ctx, cliActor(defaultOperator()), int(id), {
              status,
              reason: opts.reason ?? null,
              paid_at: opts.paidAt ?? null,
              payment_method: opts.method ?? null,
              payment_reference: opts.reference ?? null,
            })
            .catch(plainly);
          console.log(`invoice ${inv.id} is now ${inv.status}`);
        }),
    );

  program
    .command('invoice:list')
    .description('List invoices, newest first')
    .option('--publisher <id>', 'only this publisher')
    .option('--status <status>', ADMIN_INVOICE_STATUSES.join(', '))
    .option('--month <YYYY-MM>', 'only this month')
    .action((opts: { publisher?: string; status?: string; month?: string }) =>
      withApp(async (app) => {
        if (opts.status && !(ADMIN_INVOICE_STATUSES as readonly string[]).includes(opts.status))
          throw new Error(`--status must be one of ${ADMIN_INVOICE_STATUSES.join(', ')}`);
        const page = await invoiceAdminService
          .list(app.ctx, {
            filters: {
              publisher_id: opts.publisher ? int(opts.publisher) : null,
              status: (opts.status as AdminInvoiceStatus | undefined) ?? null,
              month: opts.month ?? null,
            },
            limit: 100,
            sort: 'id',
            order: -1,
            search: null,
            cursor: null,
          })
          .catch(plainly);
        console.table(
          page.data.map((i) => ({
            id: i.id,
            publisher: `${i.publisher_id} ${i.publisher_name}`,
            from: i.date_range_start,
            to: i.date_range_end,
            payout_total: i.payout_total,
            status: i.status,
          })),
        );
      }),
    );

  program
    .command('conversion:reverse <conversionId>')
    .description(
      "Reverse a conversion: it stays, marked reversed; the publisher's reports, open invoice, referral commission " +
        'and postbacks follow (docs/reports.md). Written to the audit log.',
    )
    .requiredOption('--reason <text>', 'why (kept in the audit log)')
    .action((id: string, opts: { reason: string }) =>
      withApp(async (app) => {
        const r = await conversionsService
          .reverse(app.ctx, cliActor(defaultOperator()), id, { reason: opts.reason })
          .catch(plainly);
        console.log(
          `conversion ${r.conversion.id} reversed (payout ${r.conversion.payout}); ` +
            `${r.invoices.length} invoice(s) concerned, ${r.postbacks} postback(s) to send`,
        );
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
          .catch(plainly);
        console.log(`${sent.recipients} notification(s) sent`);
      }),
    );
}
