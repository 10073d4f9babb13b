import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvoiceRow } from './invoices.repository.ts';

export interface ItemDraft {
  kind: 'offer' | 'referral' | 'reversal' | 'adjustment' | 'carried_over';
  offer_id: number | null;
  referred_publisher_id: number | null;
  /** An adjustment's conversion. */
  conversion_id?: string | null;
  name: string;
  payed_actions: number;
  total: number;
}

/** What invoice generation reads and writes: who to invoice, a month's lines, the invoice itself. */
export const invoiceGenerationRepository = {
  /**
   * Invoice generation's candidates for [from, to): publishers with approved activity in the day
   * rollups (a cheap index read; generation then reads each one's raw rows), the referrers of
   * those, and publishers with adjustments waiting. `invoiced`: leave out those already invoiced
   * for the month (the hourly run finds them all invoiced).
   */
  async activePublishers(
    db: Db,
    from: string,
    to: string,
    periodStart: string,
    onlyPublisherId?: number,
  ): Promise<number[]> {
    const only = onlyPublisherId == null ? sql`` : sql`AND p.id = ${onlyPublisherId}`;
    const { rows } = await sql<{ id: number }>`
      WITH act AS (SELECT DISTINCT publisher_id FROM report_rollups WHERE grain = 3 AND bucket >= ${from}::timestamptz AND bucket < ${to}::timestamptz
                   AND (conversions + partials + upsells > 0 OR earnings <> 0))
      SELECT p.id FROM publishers p WHERE (p.id IN (SELECT publisher_id FROM act)
        OR p.id IN (SELECT r.referrer_publisher_id FROM publishers r JOIN act ON act.publisher_id = r.id)
        OR p.id IN (SELECT publisher_id FROM invoice_adjustments WHERE invoice_id IS NULL)) ${only}
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.publisher_id = p.id AND i.period_start = ${periodStart}::date AND i.status <> 'void')
      ORDER BY p.id`.execute(db);
    return rows.map((r) => r.id);
  },

  /** The publisher's own minimum payout (null: the network's, MINIMUM_PAYOUT_USD). */
  async minimumPayout(db: Db, publisherId: number): Promise<number | null> {
    const row = await db
      .selectFrom('publishers')
      .select('minimum_payout')
      .where('id', '=', publisherId)
      .executeTakeFirst();
    return row?.minimum_payout == null ? null : Number(row.minimum_payout);
  },

  /** Whether the publisher's month has an invoice that is not void. */
  async hasInvoice(db: Db, publisherId: number, periodStart: string): Promise<boolean> {
    const row = await db
      .selectFrom('invoices')
      .select('id')
      .where('publisher_id', '=', publisherId)
      .where('period_start', '=', periodStart)
      .where('status', '<>', 'void')
      .executeTakeFirst();
    return row != null;
  },

  /**
   * Items of one publisher's month from its raw approved conversions (as they are at generation:
   * a conversion approved, rejected or reversed before then counts as it stands): per offer, then
   * commissions per referred publisher.
   */
  async draftItems(
    db: Db,
    publisherId: number,
    from: string,
    to: string,
    commissionPercent: number,
  ): Promise<ItemDraft[]> {
    const { rows: offers } = await sql<ItemDraft>`
      SELECT 'offer' AS kind, c.offer_id, NULL::int AS referred_publisher_id, coalesce(o.name, 'Offer ' || c.offer_id) AS name,
             count(*)::int8 AS payed_actions, sum(c.payout) AS total
      FROM conversions c LEFT JOIN offers o ON o.id = c.offer_id
      WHERE c.publisher_id = ${publisherId} AND c.status = 'approved'
        AND c.created_at >= ${from}::timestamptz AND c.created_at < ${to}::timestamptz
      GROUP BY c.offer_id, o.name
      ORDER BY c.offer_id`.execute(db);
    const { rows: referrals } = await sql<ItemDraft>`
      SELECT 'referral' AS kind, NULL::int AS offer_id, p.id AS referred_publisher_id, 'Referral commission: ' || p.name AS name,
             count(*)::int8 AS payed_actions,
             round(sum(c.payout) * ${String(commissionPercent)}::numeric / 100, 4) AS total
      FROM publishers p JOIN conversions c ON c.publisher_id = p.id
      WHERE p.referrer_publisher_id = ${publisherId} AND c.status = 'approved'
        AND c.created_at >= ${from}::timestamptz AND c.created_at < ${to}::timestamptz
      GROUP BY p.id, p.name
      HAVING sum(c.payout) <> 0
      ORDER BY p.id`.execute(db);
    return [...offers, ...referrals].map((i) => ({
      ...i,
      payed_actions: Number(i.payed_actions),
      total: Number(i.total),
    }));
  },

  /**
   * Inserts the invoice unless (publisher, period) exists; returns its id only when this call
   * created it. Its lines as given, its total as decided (invoice-adjustments.service.ts).
   */
  async insertInvoice(
    db: Db,
    publisherId: number,
    start: string,
    end: string,
    invoice: { status: InvoiceRow['status']; total: number; lines: ItemDraft[] },
  ): Promise<number | null> {
    const inv = await db
      .insertInto('invoices')
      .values({
        publisher_id: publisherId,
        period_start: start,
        period_end: end,
        payout_total: invoice.total,
        status: invoice.status,
      })
      .onConflict((oc) => oc.columns(['publisher_id', 'period_start']).where('status', '<>', 'void').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inv) return null;
    if (invoice.lines.length) {
      await db
        .insertInto('invoice_items')
        .values(
          invoice.lines.map((i) => ({
            invoice_id: inv.id,
            kind: i.kind,
            offer_id: i.offer_id,
            referred_publisher_id: i.referred_publisher_id,
            conversion_id: i.conversion_id ?? null,
            name: i.name,
            payed_actions: i.payed_actions,
            total: i.total,
            price_per_action:
              i.payed_actions !== 0 ? Math.round((i.total / i.payed_actions) * 10_000) / 10_000 : i.total,
          })),
        )
        .execute();
    }
    return inv.id;
  },
};
