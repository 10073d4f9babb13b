import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface InvoiceRow {
  id: number;
  publisher_id: number;
  period_start: string;
  period_end: string;
  payout_total: number;
  status: 'generated' | 'request_payment' | 'processing' | 'paid' | 'void' | 'carried_over';
  created_at: Date;
  paid_at: string | null;
  payment_method: 'paypal' | 'bank_transfer' | 'other' | null;
  payment_reference: string | null;
}

/** An invoice as the console lists it: with its publisher's name and its last change. */
export interface AdminInvoiceRow extends InvoiceRow {
  publisher_name: string | null;
  updated_at: Date;
}

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

const COLUMNS = [
  'id',
  'publisher_id',
  'period_start',
  'period_end',
  'payout_total',
  'status',
  'created_at',
  sql<string | null>`to_char(paid_at, 'YYYY-MM-DD')`.as('paid_at'),
  'payment_method',
  'payment_reference',
] as const;
const ADMIN_COLUMNS = [
  'i.id',
  'i.publisher_id',
  'i.period_start',
  'i.period_end',
  'i.payout_total',
  'i.status',
  'i.created_at',
  'i.updated_at',
  sql<string | null>`to_char(i.paid_at, 'YYYY-MM-DD')`.as('paid_at'),
  'i.payment_method',
  'i.payment_reference',
  'p.name as publisher_name',
] as const;

export const invoicesRepository = {
  async page(
    db: Db,
    publisherId: number,
    opts: {
      sort: 'date_range_start' | 'id';
      order: 1 | -1;
      start: string | null;
      end: string | null;
      after: (string | number)[] | null;
      limit: number;
    },
  ): Promise<InvoiceRow[]> {
    // A void invoice is withdrawn: the publisher no longer sees it (docs/reports.md, Invoices).
    let q = db
      .selectFrom('invoices')
      .select(COLUMNS)
      .where('publisher_id', '=', publisherId)
      .where('status', '<>', 'void');
    if (opts.start) q = q.where('period_end', '>=', opts.start);
    if (opts.end) q = q.where('period_start', '<=', opts.end);
    const dir = opts.order === 1 ? 'asc' : 'desc';
    const cmp = sql.raw(opts.order === 1 ? '>' : '<');
    if (opts.sort === 'date_range_start') {
      if (opts.after)
        q = q.where(
          sql<boolean>`(period_start, id) ${cmp} (${String(opts.after[0])}::date, ${Number(opts.after[1])}::int)`,
        );
      q = q.orderBy('period_start', dir).orderBy('id', dir);
    } else {
      if (opts.after) q = q.where(sql<boolean>`id ${cmp} ${Number(opts.after[0])}::int`);
      q = q.orderBy('id', dir);
    }
    return (await q.limit(opts.limit + 1).execute()) as unknown as InvoiceRow[];
  },

  async findById(db: Db, publisherId: number, id: number): Promise<InvoiceRow | undefined> {
    return (await db
      .selectFrom('invoices')
      .select(COLUMNS)
      .where('publisher_id', '=', publisherId)
      .where('id', '=', id)
      .where('status', '<>', 'void')
      .executeTakeFirst()) as unknown as InvoiceRow | undefined;
  },

  async items(db: Db, invoiceId: number) {
    return db
      .selectFrom('invoice_items')
      .select(['kind', 'name', 'price_per_action', 'payed_actions', 'total'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute();
  },

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

  async setStatus(db: Db, id: number, from: InvoiceRow['status'], to: InvoiceRow['status']): Promise<boolean> {
    const r = await db
      .updateTable('invoices')
      .set({ status: to, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * A carried-over month voided: its carry, still waiting, is dropped (the month is invoiced again).
   * Answers the invoice that took the carry already, if one did (then nothing is dropped).
   */
  async dropCarry(db: Db, publisherId: number, periodStart: string): Promise<number | null> {
    const taken = await db
      .selectFrom('invoice_adjustments as a')
      .innerJoin('invoices as i', 'i.id', 'a.invoice_id')
      .select('i.id')
      .where('a.publisher_id', '=', publisherId)
      .where('a.kind', '=', 'carried_over')
      .where('a.conversion_month', '=', periodStart)
      .where('i.status', '<>', 'void')
      .executeTakeFirst();
    if (taken) return taken.id;
    await db
      .deleteFrom('invoice_adjustments')
      .where('publisher_id', '=', publisherId)
      .where('kind', '=', 'carried_over')
      .where('conversion_month', '=', periodStart)
      .where('invoice_id', 'is', null)
      .execute();
    return null;
  },

  /** Marks an invoice paid (from `processing`) with the payment's day, method and reference. */
  async setPaid(
    db: Db,
    id: number,
    payment: { paidAt: string; method: NonNullable<InvoiceRow['payment_method']>; reference: string },
  ): Promise<boolean> {
    const r = await db
      .updateTable('invoices')
      .set({
        status: 'paid',
        paid_at: payment.paidAt,
        payment_method: payment.method,
        payment_reference: payment.reference,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /**
   * A month's payable invoices (not carried over nor void; paid ones left out) with their
   * publisher and its first user's e-mail, by publisher.
   */
  async payable(db: Db, periodStart: string) {
    const { rows } = await sql<{
      id: number;
      publisher_id: number;
      publisher_name: string;
      email: string | null;
      payout_total: string;
      status: string;
    }>`
      SELECT i.id, i.publisher_id, p.name AS publisher_name, i.payout_total, i.status,
        (SELECT u.email FROM publisher_users pu JOIN users u ON u.id = pu.user_id
          WHERE pu.publisher_id = p.id ORDER BY u.id LIMIT 1) AS email
      FROM invoices i JOIN publishers p ON p.id = i.publisher_id
      WHERE i.period_start = ${periodStart}::date AND i.status IN ('generated', 'request_payment', 'processing')
        AND i.payout_total > 0
      ORDER BY p.name, i.id`.execute(db);
    return rows;
  },

  async findAny(db: Db, id: number): Promise<InvoiceRow | undefined> {
    return (await db.selectFrom('invoices').select(COLUMNS).where('id', '=', id).executeTakeFirst()) as unknown as
      InvoiceRow | undefined;
  },

  /** The console's list, newest first, by status, publisher and month. */
  async adminPage(
    db: Db,
    f: { status: InvoiceRow['status'] | null; publisherId: number | null; periodStart: string | null },
    after: number | null,
    limit: number,
  ): Promise<AdminInvoiceRow[]> {
    let q = db.selectFrom('invoices as i').leftJoin('publishers as p', 'p.id', 'i.publisher_id').select(ADMIN_COLUMNS);
    if (f.status) q = q.where('i.status', '=', f.status);
    if (f.publisherId != null) q = q.where('i.publisher_id', '=', f.publisherId);
    if (f.periodStart) q = q.where('i.period_start', '=', f.periodStart);
    if (after != null) q = q.where('i.id', '<', after);
    return (await q
      .orderBy('i.id', 'desc')
      .limit(limit + 1)
      .execute()) as unknown as AdminInvoiceRow[];
  },

  async adminFind(db: Db, id: number, lock = false): Promise<AdminInvoiceRow | undefined> {
    let q = db
      .selectFrom('invoices as i')
      .leftJoin('publishers as p', 'p.id', 'i.publisher_id')
      .select(ADMIN_COLUMNS)
      .where('i.id', '=', id);
    if (lock) q = q.forUpdate('i');
    return (await q.executeTakeFirst()) as unknown as AdminInvoiceRow | undefined;
  },

  adminItems: (db: Db, invoiceId: number) =>
    db
      .selectFrom('invoice_items')
      .select(['kind', 'name', 'price_per_action', 'payed_actions', 'total'])
      .select(['offer_id', 'referred_publisher_id', 'conversion_id'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute(),
};
