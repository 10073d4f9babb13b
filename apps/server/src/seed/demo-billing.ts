import { sql } from 'kysely';
import { INVOICE_FLOW } from '@portal/shared';
import type { AppContext } from '../context.ts';
import { cliActor, operatorActor } from '../modules/audit/audit.service.ts';
import { conversionsService } from '../modules/conversions/conversions.service.ts';
import { invoicesService, lastClosedMonth } from '../modules/invoices/invoices.service.ts';
import { notificationsService } from '../modules/notifications/notifications.service.ts';
import { DEMO_OPERATOR } from './demo-operator.ts';

const DAY_MS = 86_400_000;

function monthsBack(from: string, n: number): string {
  const [y, m] = from.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
}

/**
 * Demo network, part: monthly invoices in every status and notifications (read, unread, urgent,
 * offer context) (docs/demo-network.md). Deterministic and relative to today. Invoices are generated from
 * the demo traffic by the same service as the monthly job; only their statuses are then moved, the
 * way an operator would (newest generated, then request_payment, processing, older ones paid).
 */
export async function seedDemoBilling(ctx: AppContext): Promise<void> {
  const demo = await ctx.db
    .selectFrom('users')
    .innerJoin('publisher_users', 'publisher_users.user_id', 'users.id')
    .select(['publisher_users.publisher_id as id'])
    .where('users.email', '=', 'demo@portal.test')
    .executeTakeFirst();
  if (!demo) return;
  const already = await ctx.db
    .selectFrom('invoices')
    .select('id')
    .where('publisher_id', '=', demo.id)
    .executeTakeFirst();
  if (already) return;

  // Second Wave Media has a minimum payout of its own above what it earns: its months are carried
  // over, each carrying the last on as a line (docs/money.md).
  await ctx.db
    .updateTable('publishers')
    .set({ minimum_payout: 100_000 })
    .where('referral_code', '=', 'referred2')
    .execute();
  // The demo publisher is paid by PayPal (set as the seed, not as a change: payment is not paused).
  await ctx.db
    .insertInto('payment_details')
    .values({ publisher_id: demo.id, method: 'paypal', paypal_email: 'payouts@demo-media.test' })
    .onConflict((oc) => oc.column('publisher_id').doNothing())
    .execute();

  // Invoice every closed month of the last six for every publisher (the demo's referred ones too).
  const newest = lastClosedMonth();
  for (let i = 5; i >= 0; i--) await invoicesService.generateMonth(ctx, monthsBack(newest, i));

  const invoices = await ctx.db
    .selectFrom('invoices')
    .select(['id', sql<string>`to_char(period_end, 'YYYY-MM-DD')`.as('period_end')])
    .where('publisher_id', '=', demo.id)
    .orderBy('period_start', 'desc')
    .execute();
  const order = [...INVOICE_FLOW]; // generated, request_payment, processing, paid
  for (const [i, inv] of invoices.entries()) {
    const target = i === invoices.length - 1 && i > 0 ? 'paid' : (order[Math.min(i, order.length - 1)] ?? 'paid');
    // A paid invoice was paid by PayPal about three weeks after its month, with its reference.
    const paidAt = new Date(Math.min(Date.parse(`${inv.period_end}T00:00:00Z`) + 21 * DAY_MS, Date.now()))
      .toISOString()
      .slice(0, 10);
    const payment = { paidAt, method: 'paypal' as const, reference: `PP-${paidAt.replace(/-/g, '')}-${inv.id}` };
    for (const status of order.slice(1, order.indexOf(target) + 1))
      await invoicesService.advance(ctx, inv.id, status, payment);
  }

  await seedChargeback(ctx, demo.id, invoices);

  // An offer the demo publisher runs (most conversions), for the offer-context notifications.
  const top = await sql<{ offer_id: number; name: string }>`
    SELECT r.offer_id, o.name FROM report_rollups r JOIN offers o ON o.id = r.offer_id
    WHERE r.publisher_id = ${demo.id} AND r.grain = 3
    GROUP BY r.offer_id, o.name ORDER BY sum(r.conversions) DESC, r.offer_id LIMIT 1`.execute(ctx.db);
  const fallback = await ctx.db
    .selectFrom('offers')
    .select(['id as offer_id', 'name'])
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  const offer = top.rows[0] ?? fallback;

  const now = Date.now();
  const items: {
    daysAgo: number;
    summary: string;
    description: string;
    urgent?: boolean;
    read?: boolean;
    offer?: boolean;
    /** About the newest invoice: it links there. */
    invoice?: boolean;
    kind?: string;
  }[] = [
    {
      daysAgo: 20,
      summary: 'Welcome to the publisher portal',
      description: '<p>Your account is approved. Your account manager <b>Alex Morgan</b> is here to help.</p>',
      read: true,
    },
    {
      daysAgo: 14,
      summary: 'Payment schedule',
      description: `<p>Invoices are generated on the 1st of each month for the previous month. The minimum payout is <b>${ctx.config.MINIMUM_PAYOUT_USD} USD</b>.</p>`,
      read: true,
    },
    {
      daysAgo: 9,
      summary: 'New creatives available',
      description: '<p>Fresh banners are in the offer&#39;s <i>Creatives</i> tab.</p>',
      offer: true,
      read: true,
    },
    {
      daysAgo: 5,
      summary: 'Offer 90 percent cap reached',
      description: '<p>The offer has used 90% of its daily cap. Traffic above the cap goes to the fallback page.</p>',
      offer: true,
      urgent: true,
      kind: 'campaign_90_cap',
    },
    {
      daysAgo: 3,
      summary: 'Scheduled maintenance',
      description: '<p>Reports may be delayed for a few minutes on Sunday at 02:00 UTC. Tracking is not affected.</p>',
    },
    {
      daysAgo: 1,
      summary: 'Offer cap has been reached',
      description:
        '<p>Today&#39;s cap is reached; clicks are redirected until midnight UTC. <a href="https://portal.test/help/caps">How caps work</a></p>',
      offer: true,
      urgent: true,
      kind: 'campaign_reach_cap',
    },
    {
      daysAgo: 0,
      summary: 'Your invoice is ready',
      description: '<p>Last month&#39;s invoice is ready on the <b>Invoices</b> page.</p>',
      invoice: true,
    },
  ];
  for (const [i, n] of items.entries()) {
    await notificationsService.create(ctx, {
      publishers: demo.id,
      summary: n.offer && offer ? `${n.summary}: ${offer.name}` : n.summary,
      description: n.description,
      urgent: n.urgent ?? false,
      context:
        n.offer && offer
          ? { domain: 'offer', id: offer.offer_id }
          : n.invoice && invoices[0]
            ? { domain: 'invoice', id: invoices[0].id }
            : null,
      kind: n.kind ?? 'broadcast',
      dedupKey: `demo-${i}`,
    });
    await ctx.db
      .updateTable('notifications')
      .set({
        is_read: n.read ?? false,
        sent_at: sql`${new Date(now - n.daysAgo * DAY_MS - i * 60_000).toISOString()}::timestamptz`,
      })
      .where('publisher_id', '=', demo.id)
      .where('dedup_key', '=', `demo-${i}`)
      .execute();
  }
}

/** Why the network took the demo publisher's conversion back. */
export const DEMO_CHARGEBACK_REASON = 'Chargeback: the customer refunded the order';

/**
 * A chargeback after its month was invoiced (docs/money.md, "Invoices and adjustments"): the
 * network's operator reverses the demo publisher's smallest approved conversion (of an offer that
 * approves at once) of the month whose
 * invoice waits for payment (the second newest), through the console's own reversal. That invoice
 * stays as it is; the reversal is an adjustment line of the open one, the newest ("Reversed: {offer}
 * ({month})").
 */
async function seedChargeback(
  ctx: AppContext,
  publisherId: number,
  invoices: { id: number; period_end: string }[],
): Promise<void> {
  const month = invoices[1]?.period_end.slice(0, 7);
  if (!month || !invoices[0]) return;
  const from = new Date(`${month}-01T00:00:00Z`);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  // Of an offer that approves at once: the held and manual offers' stories stay as they are.
  const pick = await ctx.db
    .selectFrom('conversions as c')
    .innerJoin('offers as o', 'o.id', 'c.offer_id')
    .select('c.id')
    .where('c.publisher_id', '=', publisherId)
    .where('c.status', '=', 'approved')
    .where('o.conversion_approval', '=', 'auto')
    .where('c.payout', '>', 0)
    .where('c.created_at', '>=', from)
    .where('c.created_at', '<', to)
    .orderBy('c.payout')
    .orderBy('c.created_at')
    .orderBy('c.id')
    .limit(1)
    .executeTakeFirst();
  if (!pick) return;
  const operator = await ctx.db
    .selectFrom('operators')
    .select(['id', 'email'])
    .where('email', '=', DEMO_OPERATOR.email)
    .executeTakeFirst();
  await conversionsService.reverse(ctx, operator ? operatorActor(operator, null) : cliActor('seed'), pick.id, {
    reason: DEMO_CHARGEBACK_REASON,
  });
}
