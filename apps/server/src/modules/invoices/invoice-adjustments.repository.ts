import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvoiceAdjustmentKind } from '../../db/money-types.ts';

/** A publisher as the money's lock reads it: its name and who referred it. */
export interface LockedPublisher {
  id: number;
  name: string;
  referrer_publisher_id: number | null;
}

/** A month's invoice that is not void, as a status change asks about it. */
export interface MonthInvoice {
  publisher_id: number;
  period_start: string;
  status: string;
  /** When the month was paid (the invoice's payment date, or its last change for an invoice paid before dates were kept). */
  paid_on: string | null;
}

export interface NewAdjustment {
  publisher_id: number;
  conversion_id: string | null;
  conversion_month: string | null;
  kind: InvoiceAdjustmentKind;
  amount: number;
  name: string;
  offer_id: number | null;
  referred_publisher_id: number | null;
  invoice_id: number | null;
}

export interface AdjustmentRow extends NewAdjustment {
  id: number;
}

/** Rows one INSERT writes at most. */
const CHUNK = 1000;

const amountText = (n: number) => (Math.round(n * 10_000) / 10_000).toFixed(4);

/** The SQL of invoice adjustments (migration 0080) and the per-publisher lock money changes take. */
export const invoiceAdjustmentsRepository = {
  /**
   * Locks publishers, in id order: invoice generation and status changes of a publisher's
   * conversions take this lock first, so they follow each other. `FOR NO KEY UPDATE`: it excludes
   * the same lock and leaves the foreign-key checks of rows that name the publisher alone.
   */
  async lockPublishers(db: Db, ids: number[]): Promise<LockedPublisher[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<LockedPublisher>`
      SELECT id, name, referrer_publisher_id FROM publishers
      WHERE id = ANY(${[...new Set(ids)]}::int[]) ORDER BY id FOR NO KEY UPDATE`.execute(db);
    return rows;
  },

  /** The referrers of these publishers (read without a lock, to know whom to lock as well). */
  async referrersOf(db: Db, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT referrer_publisher_id AS id FROM publishers
      WHERE id = ANY(${[...new Set(ids)]}::int[]) AND referrer_publisher_id IS NOT NULL`.execute(db);
    return rows.map((r) => r.id);
  },

  /** The invoices (not void) of these publishers' months. */
  async monthInvoices(db: Db, pairs: { publisherId: number; periodStart: string }[]): Promise<MonthInvoice[]> {
    if (pairs.length === 0) return [];
    const { rows } = await sql<MonthInvoice>`
      SELECT i.publisher_id, to_char(i.period_start, 'YYYY-MM-DD') AS period_start, i.status,
        to_char(CASE WHEN i.status = 'paid' THEN coalesce(i.paid_at, i.updated_at::date) END, 'YYYY-MM-DD') AS paid_on
      FROM invoices i
      JOIN unnest(${pairs.map((p) => p.publisherId)}::int[], ${pairs.map((p) => p.periodStart)}::date[]) AS m(p, s)
        ON i.publisher_id = m.p AND i.period_start = m.s
      WHERE i.status <> 'void'`.execute(db);
    return rows;
  },

  /**
   * The open invoice of each of these publishers (the newest still `generated`), locked; an
   * invoice moved on meanwhile is not open any more and is not returned.
   */
  async openInvoices(db: Db, publisherIds: number[]): Promise<Map<number, number>> {
    if (publisherIds.length === 0) return new Map();
    const { rows } = await sql<{ id: number; publisher_id: number }>`
      SELECT id, publisher_id FROM invoices
      WHERE publisher_id = ANY(${[...new Set(publisherIds)]}::int[]) AND status = 'generated'
      ORDER BY id FOR UPDATE`.execute(db);
    const open = new Map<number, number>();
    // Newest by id: a month invoiced later has the larger id.
    for (const r of rows) if ((open.get(r.publisher_id) ?? 0) < r.id) open.set(r.publisher_id, r.id);
    return open;
  },

  /**
   * Inserts adjustments, `CHUNK` rows a statement (a statement's parameters are bounded: a
   * reconciliation file of 10,000 late approvals would pass the 65,535); their ids in the order given.
   */
  async insert(db: Db, rows: NewAdjustment[]): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += CHUNK) {
      const out = await db
        .insertInto('invoice_adjustments')
        .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, amount: amountText(r.amount) as unknown as number })))
        .returning('id')
        .execute();
      ids.push(...out.map((r) => r.id));
    }
    return ids;
  },

  /**
   * Adjustments as lines of invoices (kind `adjustment`, or `carried_over` for a month carried
   * over), one action each, `CHUNK` a statement; each invoice's total follows in one more.
   */
  async addLines(db: Db, rows: AdjustmentRow[]): Promise<void> {
    const lines = rows.filter((r) => r.invoice_id != null);
    if (lines.length === 0) return;
    for (let i = 0; i < lines.length; i += CHUNK)
      await db
        .insertInto('invoice_items')
        .values(
          lines.slice(i, i + CHUNK).map((r) => ({
            invoice_id: r.invoice_id!,
            kind: r.kind === 'carried_over' ? ('carried_over' as const) : ('adjustment' as const),
            offer_id: r.offer_id,
            referred_publisher_id: r.referred_publisher_id,
            conversion_id: r.conversion_id,
            name: r.name,
            payed_actions: r.kind === 'carried_over' ? 0 : Math.sign(r.amount) || 1,
            price_per_action: amountText(Math.abs(r.amount)) as unknown as number,
            total: amountText(r.amount) as unknown as number,
          })),
        )
        .execute();
    const byInvoice = new Map<number, number>();
    for (const r of lines)
      byInvoice.set(r.invoice_id!, (byInvoice.get(r.invoice_id!) ?? 0) + Math.round(r.amount * 10_000));
    await sql`
      UPDATE invoices i SET payout_total = i.payout_total + d.amount, updated_at = now()
      FROM unnest(${[...byInvoice.keys()]}::int[], ${[...byInvoice.values()].map((v) => (v / 10_000).toFixed(4))}::numeric[])
        AS d(id, amount)
      WHERE i.id = d.id`.execute(db);
  },

  /** A publisher's adjustments waiting for an invoice, oldest first, locked. */
  async waiting(db: Db, publisherId: number): Promise<AdjustmentRow[]> {
    const rows = await db
      .selectFrom('invoice_adjustments')
      .select([
        'id',
        'publisher_id',
        'conversion_id',
        'conversion_month',
        'kind',
        'amount',
        'name',
        'offer_id',
        'referred_publisher_id',
        'invoice_id',
      ])
      .where('publisher_id', '=', publisherId)
      .where('invoice_id', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((r) => ({
      ...r,
      amount: Number(r.amount),
      conversion_month: r.conversion_month == null ? null : String(r.conversion_month),
    }));
  },

  /** The publishers with adjustments waiting (invoice generation's candidates). */
  async publishersWaiting(db: Db): Promise<number[]> {
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT publisher_id AS id FROM invoice_adjustments WHERE invoice_id IS NULL ORDER BY 1`.execute(db);
    return rows.map((r) => r.id);
  },

  /** Puts waiting adjustments on an invoice. */
  async assign(db: Db, ids: number[], invoiceId: number): Promise<void> {
    if (ids.length === 0) return;
    await sql`UPDATE invoice_adjustments SET invoice_id = ${invoiceId} WHERE id = ANY(${ids}::int[])`.execute(db);
  },

  /**
   * A voided invoice of a publisher's month: the adjustments it took wait again for the next
   * invoice, and those of conversions of its own month still waiting are dropped (the month is
   * invoiced again from its conversions as they are then).
   */
  async release(db: Db, invoice: { id: number; publisherId: number; periodStart: string }): Promise<void> {
    await db
      .deleteFrom('invoice_adjustments')
      .where('publisher_id', '=', invoice.publisherId)
      .where('invoice_id', 'is', null)
      .where('conversion_month', '=', invoice.periodStart)
      .where('kind', '<>', 'carried_over')
      .execute();
    await db
      .updateTable('invoice_adjustments')
      .set({ invoice_id: null })
      .where('invoice_id', '=', invoice.id)
      .execute();
  },

  /**
   * What adjustments of a publisher's month already brought to invoices that are not void: a month
   * invoiced again (its first invoice voided) counts only what they did not.
   */
  async adjustedElsewhere(db: Db, publisherId: number, periodStart: string): Promise<{ amount: number; n: number }> {
    const { rows } = await sql<{ amount: string | null; n: string }>`
      SELECT sum(a.amount) AS amount, count(*) AS n FROM invoice_adjustments a JOIN invoices i ON i.id = a.invoice_id
      WHERE a.publisher_id = ${publisherId} AND a.conversion_month = ${periodStart}::date
        AND a.kind <> 'carried_over' AND i.status <> 'void'`.execute(db);
    return { amount: Number(rows[0]?.amount ?? 0), n: Number(rows[0]?.n ?? 0) };
  },
};
